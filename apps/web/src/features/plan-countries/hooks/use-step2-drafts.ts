import {
  activatedSiteCount,
  ACTIVATION_PROFILE_MAX_ROWS,
  defaultActivationProfile,
  type ActivationShapePoint,
  type ChainDates,
  type StudyPlan,
} from '@predict/shared';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { planKindOf } from '@/features/plan-shell';
import {
  countryTabs,
  draftFromGroup,
  emptyPoint,
  hasCountryIssue,
  savedComputedDates,
  text,
  type ActivationPointDraft,
  type CountryDraft,
} from '../utils/country-draft';
import { activationRow, changedRows, inputsRow, type RowSources } from '../utils/step2-rows';
import { validateCountryDraft, type CountryValidation } from '../utils/validate-country-draft';
import { useMilestoneDates } from './use-milestone-dates';

export const isRemodel = (plan: StudyPlan) => plan.studyPlanTypeDetail.startsWith('Remodel');

type Messages = Map<number, Record<string, string>>;

/** A default profile as the table's 11 columns of text. */
const profileDraftPoints = (points: ReturnType<typeof defaultActivationProfile>): ActivationPointDraft[] =>
  Array.from({ length: ACTIVATION_PROFILE_MAX_ROWS }, (_, i) => {
    const p = points[i];
    return p
      ? {
          label: p.siteActivationLabel,
          sites: text(p.siteActivationProfilePct),
          days: text(p.siteActivationProfileDays),
        }
      : emptyPoint();
  });

/**
 * The page's state: the saved drafts (from the plan), the user's edits over them, the computed milestone dates
 * (POST /ctpo/milestonedates as edits come in), every field message, and the server's messages of the last save.
 */
export function useStep2Drafts(plan: StudyPlan) {
  const tabs = useMemo(() => countryTabs(plan), [plan]);
  const forced = isRemodel(plan);
  const kind = planKindOf(plan);
  const saved = useMemo(() => {
    const map = new Map<number, CountryDraft>();
    for (const t of tabs)
      if (!hasCountryIssue(t.group)) map.set(t.group.studyPlanSiteGroupId, draftFromGroup(t.group, forced));
    return map;
  }, [tabs, forced]);
  const ids = useMemo(() => [...saved.keys()], [saved]);
  const [edits, setEdits] = useState<Map<number, CountryDraft>>(new Map());
  const [serverMessages, setServerMessages] = useState<Messages>(new Map());
  const drafts = useMemo(
    () => new Map([...saved].map(([id, d]) => [id, edits.get(id) ?? d] as const)),
    [saved, edits],
  );

  // Computed dates do not change what is unsaved, so they are left out here (and the request does not loop).
  const unsaved = useMemo(() => changedRows(ids, drafts, saved, () => null), [ids, drafts, saved]);
  const dates = useMilestoneDates(plan.studyPlanId, plan.rowVersion, unsaved.tables, ids.length > 0);

  // The latest computed date of every row; an overridden row keeps the one it had, for unticking.
  const [answered, setAnswered] = useState<Map<number, Map<number, number | null>>>(new Map());
  useEffect(() => {
    if (!dates.data) return;
    setAnswered((prev) => {
      const next = new Map(prev);
      for (const c of dates.data.countries) {
        const rows = new Map(next.get(c.studyPlanSiteGroupId));
        for (const m of c.milestones)
          if (m.isUserOverride === 0) rows.set(m.milestoneId, m.milestoneDateMillis);
        next.set(c.studyPlanSiteGroupId, rows);
      }
      return next;
    });
  }, [dates.data]);
  const savedDates = useMemo(
    () =>
      new Map(
        tabs.flatMap((t) =>
          t.group ? [[t.group.studyPlanSiteGroupId, savedComputedDates(t.group)] as const] : [],
        ),
      ),
    [tabs],
  );
  const computed = useCallback(
    (id: number, milestoneId: number): number | null => {
      const fromAnswer = answered.get(id);
      if (fromAnswer?.has(milestoneId)) return fromAnswer.get(milestoneId) ?? null;
      return savedDates.get(id)?.get(milestoneId) ?? null;
    },
    [answered, savedDates],
  );
  const shown = useCallback(
    (id: number, milestoneId: number): number | null => {
      const row = drafts.get(id)?.milestones.find((m) => m.milestoneId === milestoneId);
      return row?.isUserOverride === 1 ? row.milestoneDateMillis : computed(id, milestoneId);
    },
    [drafts, computed],
  );

  const sitesOf = useCallback(
    (d: CountryDraft) => activatedSiteCount(plan.studyPlanType, inputsRow(0, d).NUM_SITES_ACTIVATED),
    [plan.studyPlanType],
  );
  /**
   * True while a country's activated-sites count differs from the saved one: saving then stores the default
   * profile for the new count whatever the table holds (spec/1 section 4), so the page shows that profile.
   */
  const activationResets = useCallback(
    (id: number) => {
      const before = saved.get(id);
      const now = drafts.get(id);
      return Boolean(before && now && sitesOf(before) !== sitesOf(now));
    },
    [saved, drafts, sitesOf],
  );

  const validation = useMemo(() => {
    const map = new Map<number, CountryValidation>();
    for (const t of tabs) {
      if (hasCountryIssue(t.group)) continue;
      const id = t.group.studyPlanSiteGroupId;
      const draft = drafts.get(id);
      if (!draft) continue;
      const chain: Record<number, number | null> = {};
      for (const m of draft.milestones) chain[m.milestoneId] = computed(id, m.milestoneId);
      map.set(
        id,
        validateCountryDraft(draft, chain as ChainDates, {
          planType: plan.studyPlanType,
          sequential: kind.sequential,
          seasonalOptional: t.group.enrollmentVariations.length === 0,
          activationResets: activationResets(id),
        }),
      );
    }
    return map;
  }, [tabs, drafts, computed, plan.studyPlanType, kind.sequential, activationResets]);

  const message = useCallback(
    (id: number, key: string) => validation.get(id)?.messages[key] ?? serverMessages.get(id)?.[key],
    [validation, serverMessages],
  );

  const change = useCallback(
    (id: number, keys: string[], update: (d: CountryDraft) => CountryDraft) => {
      setEdits((prev) => {
        const current = prev.get(id) ?? saved.get(id);
        return current ? new Map(prev).set(id, update(current)) : prev;
      });
      setServerMessages((prev) => {
        const own = prev.get(id);
        if (!own || !keys.some((k) => k in own)) return prev;
        const rest = Object.fromEntries(Object.entries(own).filter(([k]) => !keys.includes(k)));
        return new Map(prev).set(id, rest);
      });
    },
    [saved],
  );

  /**
   * The default profile of a country for its sites now: `reference` (the site group's, as the server scales it)
   * scaled to the count. Until the reference has loaded, the saved profile stands in for it.
   */
  const defaultsFor = useCallback(
    (id: number, d: CountryDraft, reference: readonly ActivationShapePoint[] | undefined) => {
      const before = saved.get(id);
      const shape =
        reference ??
        (before
          ? activationRow(id, before).row.points.map((p) => ({
              sites: p.siteActivationProfilePct ?? 0,
              days: p.siteActivationProfileDays ?? 0,
            }))
          : []);
      return profileDraftPoints(defaultActivationProfile(shape, sitesOf(d)));
    },
    [saved, sitesOf],
  );

  /** The default profile shown while a country does not override, or while its site count changed. */
  const defaultPoints = useCallback(
    (id: number, reference?: readonly ActivationShapePoint[]): ActivationPointDraft[] => {
      const now = drafts.get(id);
      return now ? defaultsFor(id, now, reference) : [];
    },
    [drafts, defaultsFor],
  );

  /**
   * After the user confirmed a new site count: the country leaves its own profile for the default (spec/1
   * section 4). A Remodel plan keeps override on, so its table takes the default points.
   */
  const resetActivation = useCallback(
    (id: number, reference?: readonly ActivationShapePoint[]) =>
      change(id, [], (d) => ({
        ...d,
        activation: forced
          ? { overrideFl: true, points: defaultsFor(id, d, reference) }
          : { ...d.activation, overrideFl: false },
      })),
    [change, forced, defaultsFor],
  );

  /** Puts the server's 400 field messages under their fields. */
  const showServerMessages = useCallback((fields: { id: number; key: string; message: string }[]) => {
    const next: Messages = new Map();
    for (const f of fields) next.set(f.id, { ...next.get(f.id), [f.key]: f.message });
    setServerMessages(next);
  }, []);

  const discard = useCallback(() => {
    setEdits(new Map());
    setServerMessages(new Map());
  }, []);

  /** After the Edit Country dialog: its sites and the reset profile replace what the tab held of them. */
  const takeSavedSites = useCallback((id: number, fresh: CountryDraft) => {
    setEdits((prev) => {
      const current = prev.get(id);
      if (!current) return prev;
      return new Map(prev).set(id, {
        ...current,
        inputs: { ...current.inputs, NUM_SITES_ACTIVATED: fresh.inputs.NUM_SITES_ACTIVATED },
        activation: fresh.activation,
      });
    });
  }, []);

  const values = [...validation.values()];
  return {
    tabs,
    drafts,
    saved,
    ids,
    forcedOverride: forced,
    scenarioB: kind.scenario === 'scenario-b',
    sequential: kind.sequential,
    unsaved,
    hasChanges: unsaved.changed.size > 0,
    blocking: values.some((v) => v.blocking),
    seasonalInvalid: values.some((v) => v.seasonalInvalid),
    datesNotice: dates.data?.notice ?? null,
    computed,
    shown,
    message,
    change,
    defaultPoints,
    activationResets,
    resetActivation,
    showServerMessages,
    discard,
    takeSavedSites,
    /** The rows Save Draft sends (computed rows carry their computed date) and where each came from. */
    saveRows: () => changedRows(ids, drafts, saved, computed),
  };
}

export type Step2Drafts = ReturnType<typeof useStep2Drafts>;
export type { RowSources };

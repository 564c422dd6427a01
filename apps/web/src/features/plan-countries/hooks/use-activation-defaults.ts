import {
  activatedSiteCount,
  ACTIVATION_PROFILE_MAX_ROWS,
  defaultActivationProfile,
  type ActivationShapePoint,
} from '@predict/shared';
import { useCallback } from 'react';
import { emptyPoint, text, type ActivationPointDraft, type CountryDraft } from '../utils/country-draft';
import { activationRow, inputsRow } from '../utils/step2-rows';

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

interface ActivationDefaultsArgs {
  planType: number;
  saved: Map<number, CountryDraft>;
  drafts: Map<number, CountryDraft>;
  /** Remodel plans always override their activation profile. */
  forced: boolean;
  change: (id: number, keys: string[], update: (d: CountryDraft) => CountryDraft) => void;
}

/** The default activation profile of each country, and what a change of its activated-sites count does to it. */
export function useActivationDefaults({ planType, saved, drafts, forced, change }: ActivationDefaultsArgs) {
  const sitesOf = useCallback(
    (d: CountryDraft) => activatedSiteCount(planType, inputsRow(0, d).NUM_SITES_ACTIVATED),
    [planType],
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

  return { activationResets, defaultPoints, resetActivation };
}

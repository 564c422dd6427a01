import {
  completeActivationPair,
  COUNTRY_GOAL_NAMES,
  COUNTRY_MILESTONES,
  parseNumeric,
  type CountryActivationProfiles,
  type CountryInputsRow,
  type CountryMilestoneRow,
  type CountrySeasonalVariations,
  type CountrySiteFatigue,
  type MilestoneDatesBody,
} from '@predict/shared';
import type { CountryDraft } from './country-draft';

export type Step2Tables = Pick<
  MilestoneDatesBody,
  'countryInputs' | 'milestones' | 'activationProfiles' | 'enrollmentSeasonalVariations' | 'siteFatigue'
>;
export type Step2Table = keyof Step2Tables;
export const STEP2_TABLES: Step2Table[] = [
  'countryInputs',
  'milestones',
  'activationProfiles',
  'enrollmentSeasonalVariations',
  'siteFatigue',
];

/** A typed number, or null when empty or not (yet) a number. */
export const numberOf = (input: string) => {
  const parsed = parseNumeric(input);
  return parsed.kind === 'number' ? parsed.value : null;
};

export function inputsRow(id: number, d: CountryDraft): CountryInputsRow {
  const i = d.inputs;
  const goals = Object.fromEntries(
    COUNTRY_GOAL_NAMES.map((n) => [
      n,
      { lowerBound: numberOf(i[n].lowerBound), upperBound: numberOf(i[n].upperBound) },
    ]),
  ) as Pick<CountryInputsRow, (typeof COUNTRY_GOAL_NAMES)[number]>;
  return {
    studyPlanSiteGroupId: id,
    siteEnrollmentRateAtSIV: numberOf(i.siteEnrollmentRateAtSIV),
    expectedScreenFailureRate: numberOf(i.expectedScreenFailureRate),
    expectedTreatmentDropoutRate: numberOf(i.expectedTreatmentDropoutRate),
    pauseEnrollmentAfterPatient: numberOf(i.pauseEnrollmentAfterPatient),
    pauseEnrollmentDays: numberOf(i.pauseEnrollmentDays),
    ...goals,
  };
}

/**
 * The overridable milestone rows (the last-stage ones are never overridden, so never sent). A computed row carries
 * the date the page shows for it; the server recomputes it anyway.
 */
export function milestoneRows(
  id: number,
  d: CountryDraft,
  computed: (milestoneId: number) => number | null,
): CountryMilestoneRow[] {
  return d.milestones
    .filter((m) => COUNTRY_MILESTONES.some((def) => def.milestoneId === m.milestoneId && def.overridable))
    .map((m) => ({
      studyPlanSiteGroupId: id,
      milestoneId: m.milestoneId,
      isUserOverride: m.isUserOverride,
      milestoneDateMillis: m.isUserOverride ? m.milestoneDateMillis : computed(m.milestoneId),
      comments: m.isUserOverride ? m.comments : null,
    }));
}

/** The filled points (a half-filled pair completed with 0, as on blur) and the table slot each came from. */
export function activationRow(
  id: number,
  d: CountryDraft,
): { row: CountryActivationProfiles; slots: number[] } {
  const slots: number[] = [];
  const points: CountryActivationProfiles['points'] = [];
  d.activation.points.forEach((p, slot) => {
    const pair = completeActivationPair({ sites: numberOf(p.sites), days: numberOf(p.days) });
    if (pair.sites === null || pair.days === null) return;
    slots.push(slot);
    points.push({
      siteActivationLabel: p.label,
      siteActivationProfilePct: pair.sites,
      siteActivationProfileDays: pair.days,
    });
  });
  return { row: { studyPlanSiteGroupId: id, overrideFl: d.activation.overrideFl, points }, slots };
}

export const seasonalRow = (id: number, d: CountryDraft): CountrySeasonalVariations => ({
  studyPlanSiteGroupId: id,
  values: d.seasonal.map(numberOf),
});

export const fatigueRow = (id: number, d: CountryDraft): CountrySiteFatigue => ({
  studyPlanSiteGroupId: id,
  eventualSiteEnrollmentDays: numberOf(d.fatigue.eventualSiteEnrollmentDays),
  eventualSiteEnrollmentRate: numberOf(d.fatigue.eventualSiteEnrollmentRate),
});

/** Where each row of a sent body came from, so that the server's field paths find their inputs again. */
export interface RowSources {
  countryInputs: number[];
  milestones: { id: number; milestoneId: number }[];
  activationProfiles: { id: number; slots: number[] }[];
  enrollmentSeasonalVariations: number[];
  siteFatigue: number[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The rows that differ from the saved plan: the countries whose table changed, and of the milestones only the
 * changed rows. `ids` are the site groups (tabs) the page holds.
 */
export function changedRows(
  ids: readonly number[],
  drafts: ReadonlyMap<number, CountryDraft>,
  saved: ReadonlyMap<number, CountryDraft>,
  computed: (id: number, milestoneId: number) => number | null,
): { tables: Step2Tables; sources: RowSources; changed: Map<number, Set<Step2Table>> } {
  const tables: Step2Tables = {
    countryInputs: [],
    milestones: [],
    activationProfiles: [],
    enrollmentSeasonalVariations: [],
    siteFatigue: [],
  };
  const sources: RowSources = {
    countryInputs: [],
    milestones: [],
    activationProfiles: [],
    enrollmentSeasonalVariations: [],
    siteFatigue: [],
  };
  const changed = new Map<number, Set<Step2Table>>();
  const mark = (id: number, table: Step2Table) => changed.set(id, (changed.get(id) ?? new Set()).add(table));
  for (const id of ids) {
    const now = drafts.get(id);
    const before = saved.get(id);
    if (!now || !before || now === before) continue;
    const row = inputsRow(id, now);
    if (!same(row, inputsRow(id, before))) {
      tables.countryInputs.push(row);
      sources.countryInputs.push(id);
      mark(id, 'countryInputs');
    }
    const savedRows = milestoneRows(id, before, (m) => computed(id, m));
    milestoneRows(id, now, (m) => computed(id, m)).forEach((m, i) => {
      const old = savedRows[i];
      const differs =
        !old ||
        m.isUserOverride !== old.isUserOverride ||
        (m.isUserOverride === 1 &&
          (m.milestoneDateMillis !== old.milestoneDateMillis || m.comments !== old.comments));
      if (!differs) return;
      tables.milestones.push(m);
      sources.milestones.push({ id, milestoneId: m.milestoneId });
      mark(id, 'milestones');
    });
    const activation = activationRow(id, now);
    if (!same(activation.row, activationRow(id, before).row)) {
      tables.activationProfiles.push(activation.row);
      sources.activationProfiles.push({ id, slots: activation.slots });
      mark(id, 'activationProfiles');
    }
    const seasonal = seasonalRow(id, now);
    if (!same(seasonal, seasonalRow(id, before))) {
      tables.enrollmentSeasonalVariations.push(seasonal);
      sources.enrollmentSeasonalVariations.push(id);
      mark(id, 'enrollmentSeasonalVariations');
    }
    const fatigue = fatigueRow(id, now);
    if (!same(fatigue, fatigueRow(id, before))) {
      tables.siteFatigue.push(fatigue);
      sources.siteFatigue.push(id);
      mark(id, 'siteFatigue');
    }
  }
  return { tables, sources, changed };
}

/**
 * A server field path of a Step 2 body (countryInputs.0.siteEnrollmentRateAtSIV, milestones.3.comments,
 * activationProfiles.0.points.2.siteActivationProfileDays, ...) as the site group and the page's field key.
 */
export function fieldOfPath(path: string, sources: RowSources): { id: number; key: string } | null {
  const [table, index, ...rest] = path.replace(/^body\./, '').split('.');
  const i = Number(index);
  if (!Number.isInteger(i)) return null;
  switch (table) {
    case 'countryInputs': {
      const id = sources.countryInputs[i];
      return id === undefined ? null : { id, key: ['countryInputs', ...rest].join('.') };
    }
    case 'milestones': {
      const source = sources.milestones[i];
      const field = rest[0] === 'comments' ? 'comments' : 'milestoneDateMillis';
      return source ? { id: source.id, key: `milestones.${source.milestoneId}.${field}` } : null;
    }
    case 'activationProfiles': {
      const source = sources.activationProfiles[i];
      if (!source) return null;
      const slot = rest[0] === 'points' ? source.slots[Number(rest[1])] : undefined;
      if (slot === undefined) return { id: source.id, key: 'activationProfiles.form' };
      const cell = rest[2] === 'siteActivationProfileDays' ? 'days' : 'sites';
      return { id: source.id, key: `activationProfiles.${slot}.${cell}` };
    }
    case 'enrollmentSeasonalVariations': {
      const id = sources.enrollmentSeasonalVariations[i];
      if (id === undefined) return null;
      return {
        id,
        key:
          rest[0] === 'values' && rest[1]
            ? `enrollmentSeasonalVariations.${rest[1]}`
            : 'enrollmentSeasonalVariations.form',
      };
    }
    case 'siteFatigue': {
      const id = sources.siteFatigue[i];
      return id === undefined ? null : { id, key: ['siteFatigue', ...rest].join('.') };
    }
    default:
      return null;
  }
}

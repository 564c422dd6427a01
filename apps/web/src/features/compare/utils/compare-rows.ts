import {
  COMPARED_MILESTONE_LABELS,
  COMPARED_MILESTONES,
  type ComparedCountry,
  type ComparedPlan,
} from '@predict/shared';
import { EMPTY, formatCount, formatDate, formatDecimal, formatPercent } from '@/lib/format';

/** How a row's values read: the screen formats them, the export writes them raw with a number format. */
export type CellKind = 'text' | 'date' | 'count' | 'decimal1' | 'decimal2' | 'percent';
export type CellValue = string | number | null;

export interface CompareRow {
  id: string;
  label: string;
  kind: CellKind;
  /** One value per plan, in the page's order. */
  values: CellValue[];
}

export const COMPARE_SECTIONS = ['inputs', 'milestones', 'figures', 'cost'] as const;
export type CompareSectionId = (typeof COMPARE_SECTIONS)[number];
export const SECTION_TITLES: Record<CompareSectionId, string> = {
  inputs: 'Inputs',
  milestones: 'Milestones',
  figures: 'Enrollment and sites',
  cost: 'Cost',
};

export function formatCell(kind: CellKind, value: CellValue): string {
  if (value === null || value === '') return EMPTY;
  if (typeof value === 'string') return value;
  switch (kind) {
    case 'date':
      return formatDate(value, EMPTY);
    case 'count':
      return formatCount(value);
    case 'decimal1':
      return formatDecimal(value, 1);
    case 'decimal2':
      return formatDecimal(value, 2);
    case 'percent':
      return formatPercent(value, 1);
    default:
      return String(value);
  }
}

/** Per plan, whether its value differs from the first plan's (the first never does). */
export const differences = (row: CompareRow): boolean[] =>
  row.values.map((v, i) => i > 0 && v !== row.values[0]);

const row = (id: string, label: string, kind: CellKind, values: CellValue[]): CompareRow => ({
  id,
  label,
  kind,
  values,
});

/** The site groups of all plans, each once, in the order they first appear. */
function siteGroupNames(plans: readonly ComparedPlan[]): string[] {
  return [...new Set(plans.flatMap((p) => p.inputs.countries.map((c) => c.siteGroupName)))];
}

const sitesText = (c: ComparedCountry) =>
  c.sitesUpper !== null && c.sitesUpper !== c.sitesLower
    ? `${formatCount(c.sitesLower)}-${formatCount(c.sitesUpper)}`
    : formatCount(c.sitesLower);

const startUpText = (c: ComparedCountry) =>
  [c.startUpSize, c.startUpDays === null ? null : `${formatCount(c.startUpDays)} days to first screened`]
    .filter(Boolean)
    .join(', ');

/** One site group's inputs in one cell: sites, rate at SIV, screen fail, drop-out and start-up, as far as set. */
function countryText(c: ComparedCountry): string {
  return [
    `${sitesText(c)} sites`,
    c.enrollmentRate === null ? null : `${formatDecimal(c.enrollmentRate, 2)} per site per month`,
    c.screenFailRate === null ? null : `screen fail ${formatPercent(c.screenFailRate, 1)}`,
    c.dropOutRate === null ? null : `drop-out ${formatPercent(c.dropOutRate, 1)}`,
    startUpText(c) || null,
  ]
    .filter(Boolean)
    .join('; ');
}

/** A row per site group of any plan (a plan without it shows none), read across as one line of inputs each. */
function countryRows(plans: readonly ComparedPlan[]): CompareRow[] {
  return siteGroupNames(plans).map((name) =>
    row(
      `site-group/${name}`,
      name,
      'text',
      plans.map((p) => {
        const c = p.inputs.countries.find((x) => x.siteGroupName === name);
        return c ? countryText(c) : null;
      }),
    ),
  );
}

type InputPick = (i: ComparedPlan['inputs']) => CellValue;

/** The study-level inputs, in the page's order: id, label, how the value reads, and where it comes from. */
const STUDY_INPUTS: readonly [string, string, CellKind, InputPick][] = [
  ['type', 'Type', 'text', (i) => i.studyPlanTypeDetail],
  ['project-start', 'CRO project start', 'date', (i) => i.croProjectStartDateMillis],
  ['final-protocol', 'Final protocol', 'date', (i) => i.finalProtocolStartDateMillis],
  [
    'countries',
    'Countries and site groups',
    'text',
    (i) => i.countries.map((c) => c.siteGroupName).join(', '),
  ],
  ['sites', 'Sites to activate', 'count', (i) => i.sitesToActivate],
  ['screen', 'Patients to screen', 'count', (i) => i.subjectsToScreen],
  ['enroll', 'Patients to enroll', 'count', (i) => i.subjectsToEnroll],
  ['rate', 'Enrollment rate (patients per site per month)', 'decimal2', (i) => i.enrollmentRate],
  ['screen-fail', 'Screen fail rate', 'percent', (i) => i.screenFailRate],
  ['drop-out', 'Drop-out rate', 'percent', (i) => i.dropOutRate],
  ['duration', 'Enrollment duration asked (months)', 'count', (i) => i.overallEnrollmentDurationMonths],
  ['screening', 'Screening period (days)', 'count', (i) => i.screeningPeriodDays],
  ['treatment', 'Treatment (days)', 'count', (i) => i.treatmentDays],
  ['follow-up', 'Follow-up (days)', 'count', (i) => i.followUpDays],
];

export function inputRows(plans: readonly ComparedPlan[]): CompareRow[] {
  return [
    ...STUDY_INPUTS.map(([id, label, kind, pick]) =>
      row(
        id,
        label,
        kind,
        plans.map((p) => pick(p.inputs)),
      ),
    ),
    ...countryRows(plans),
  ];
}

export const QUANTILES = ['p10', 'p50', 'p90'] as const;

export function milestoneRows(plans: readonly ComparedPlan[]): CompareRow[] {
  return COMPARED_MILESTONES.flatMap((key) =>
    QUANTILES.map((q) =>
      row(
        `${key}-${q}`,
        `${COMPARED_MILESTONE_LABELS[key]} ${q.toUpperCase()}`,
        'date',
        plans.map((p) => p.milestones[key][q]),
      ),
    ),
  );
}

export function figureRows(plans: readonly ComparedPlan[]): CompareRow[] {
  const each = (pick: (f: ComparedPlan['figures']) => number | null) => plans.map((p) => pick(p.figures));
  return [
    row(
      'duration',
      'Enrollment duration (months)',
      'decimal2',
      each((f) => f.enrollmentDurationMonths),
    ),
    row(
      'sites',
      'Sites activated',
      'count',
      each((f) => f.sitesActivated),
    ),
    row(
      'site-months',
      'Site-months',
      'decimal1',
      each((f) => f.siteMonths),
    ),
    row(
      'screened',
      'Patients screened',
      'count',
      each((f) => f.patientsScreened),
    ),
    row(
      'enrolled',
      'Patients enrolled',
      'count',
      each((f) => f.patientsEnrolled),
    ),
    row(
      'completing',
      'Patients completing treatment',
      'count',
      each((f) => f.patientsCompleting),
    ),
  ];
}

export const NO_SOE_TEXT = 'No Schedule of Events linked';

export function costRows(plans: readonly ComparedPlan[]): CompareRow[] {
  const names = [...new Set(plans.flatMap((p) => p.cost?.byCountry.map((c) => c.siteGroupName) ?? []))];
  return [
    row(
      'soe',
      'Schedule of Events',
      'text',
      plans.map((p) => p.cost?.scheduleOfEventsName ?? NO_SOE_TEXT),
    ),
    row(
      'currency',
      'Currency',
      'text',
      plans.map((p) => p.cost?.currency ?? null),
    ),
    row(
      'total',
      'Total cost',
      'decimal2',
      plans.map((p) => p.cost?.total ?? p.cost?.unavailableMessage ?? null),
    ),
    ...QUANTILES.map((q) =>
      row(
        `total-${q}`,
        `Total cost ${q.toUpperCase()}`,
        'decimal2',
        plans.map((p) => p.cost?.band?.[q] ?? null),
      ),
    ),
    ...names.flatMap((name) => {
      const of = (p: ComparedPlan) => p.cost?.byCountry.find((c) => c.siteGroupName === name);
      return [
        row(
          `country/${name}`,
          `${name}: cost`,
          'decimal2',
          plans.map((p) => of(p)?.total ?? null),
        ),
        row(
          `country/${name}/band`,
          `${name}: cost P10-P90`,
          'text',
          plans.map((p) => {
            const band = of(p)?.band;
            return band ? `${formatDecimal(band.p10, 2)} to ${formatDecimal(band.p90, 2)}` : null;
          }),
        ),
      ];
    }),
  ];
}

export const SECTION_ROWS: Record<CompareSectionId, (plans: readonly ComparedPlan[]) => CompareRow[]> = {
  inputs: inputRows,
  milestones: milestoneRows,
  figures: figureRows,
  cost: costRows,
};

import type { Curves, SoeCostInput, SoeLevelValues } from '../src';

/**
 * A small SOE in USD: three visits, three grid assessments (ECG with overhead, Lab without, a pass-through Kit) and
 * one site fee. Country FRA (site group 1) in EUR at 0.92 EUR per USD; site 5 of FRA has a contract.
 */
export function smallSoe(levels?: SoeLevelValues[]): SoeCostInput {
  return {
    currency: 'USD',
    intervalType: 'Day',
    visits: [
      {
        visitId: 1,
        visitName: 'Screening',
        category: 'Screening',
        studyDay: 1,
        overheadPct: 10,
        visitCostCents: 5000,
      },
      {
        visitId: 2,
        visitName: 'Week 2',
        category: 'Treatment',
        studyDay: 15,
        overheadPct: 12.5,
        visitCostCents: null,
      },
      {
        visitId: 3,
        visitName: 'Follow-up',
        category: 'Follow Up',
        studyDay: 43,
        overheadPct: null,
        visitCostCents: null,
      },
    ],
    assessments: [
      { assessmentId: 1, name: 'ECG', type: 'Procedure', costCents: 10000, overhead: true, exclude: false },
      {
        assessmentId: 2,
        name: 'Lab',
        type: 'Non Procedure',
        costCents: 2550,
        overhead: false,
        exclude: false,
      },
      { assessmentId: 3, name: 'Kit', type: 'Procedure', costCents: 4000, overhead: true, exclude: true },
      {
        assessmentId: 4,
        name: 'Start-up fee',
        type: '1x at Activation',
        costCents: 500000,
        overhead: false,
        exclude: false,
      },
    ],
    mapping: [
      { visitId: 1, assessmentId: 1, multiplier: null, uniqueNonUnique: 'U' },
      { visitId: 1, assessmentId: 2, multiplier: 2, uniqueNonUnique: 'N' },
      { visitId: 1, assessmentId: 3, multiplier: 1, uniqueNonUnique: null },
      { visitId: 2, assessmentId: 1, multiplier: 1.5, uniqueNonUnique: 'U' },
      { visitId: 2, assessmentId: 2, multiplier: null, uniqueNonUnique: 'N' },
      // A site-fee type ticked in the grid (bad data) is not a grid assessment.
      { visitId: 2, assessmentId: 4, multiplier: 1, uniqueNonUnique: null },
      { visitId: 3, assessmentId: 2, multiplier: 1, uniqueNonUnique: 'U' },
    ],
    levels: levels ?? [fra(), site5()],
  };
}

/** Country FRA: EUR at 0.92; overhead 20 % on the screening visit, ECG 92.00 EUR, 10.00 EUR fixed on week 2. */
export function fra(over: Partial<SoeLevelValues> = {}): SoeLevelValues {
  return {
    siteGroupId: 1,
    siteId: 1,
    label: 'FRA',
    currency: 'EUR',
    exchangeRate: 0.92,
    visits: [
      { visitId: 1, overheadPct: 20 },
      { visitId: 2, visitCostCents: 1000 },
    ],
    assessments: [{ assessmentId: 1, costCents: 9200 }],
    ...over,
  };
}

/** Site 5 of FRA (its currency inherited): contract total 250.00 EUR for screening, Lab 30.00 EUR. */
export function site5(over: Partial<SoeLevelValues> = {}): SoeLevelValues {
  return {
    siteGroupId: 1,
    siteId: 5,
    label: 'Site 1001',
    currency: null,
    exchangeRate: null,
    visits: [{ visitId: 1, visitCostTotalCents: 25000 }],
    assessments: [{ assessmentId: 2, costCents: 3000 }],
    ...over,
  };
}

/** A cumulative daily curve of `length` days from new counts per day ({day: count}). */
export function cumulative(newPerDay: Record<number, number>, length: number): Float64Array {
  const out = new Float64Array(length);
  let running = 0;
  for (let d = 0; d < length; d++) out[d] = running += newPerDay[d] ?? 0;
  return out;
}

/** Plan-line curves of one group from new counts per day. */
export function curvesOf(
  flows: {
    activeSites: Record<number, number>;
    screened: Record<number, number>;
    enrolled: Record<number, number>;
    completedTreatment?: Record<number, number>;
    completedFollowUp?: Record<number, number>;
  },
  length: number,
): Curves {
  return {
    activeSites: cumulative(flows.activeSites, length),
    screened: cumulative(flows.screened, length),
    enrolled: cumulative(flows.enrolled, length),
    completedTreatment: cumulative(flows.completedTreatment ?? {}, length),
    completedFollowUp: cumulative(flows.completedFollowUp ?? {}, length),
  };
}

/** Flows of patients enrolled in whole numbers, no screen failure or drop-out: days shift by screening / treatment. */
export function simpleFlows(enrolled: Record<number, number>, screeningDays: number, treatmentDays: number) {
  const shift = (by: number) =>
    Object.fromEntries(Object.entries(enrolled).map(([d, n]) => [Number(d) + by, n])) as Record<
      number,
      number
    >;
  return { screened: shift(-screeningDays), enrolled, completedTreatment: shift(treatmentDays) };
}

import { round2 } from '../rounding';
import type { SoeCostInput } from './types';
import { computeVisitTotals } from './visit-costs';

/** A Clinical Strategy or Data Management row: one value of one visit. */
export interface StrategyRow {
  rowLabel: string;
  visitName: string;
  visitValue: number;
}

/** Row labels of the Clinical Strategy table (spec/2 section 9); all other rows go to Data Management. */
export const CLINICAL_STRATEGY_LABELS = [
  '100% SDR/SDV Time (minutes)',
  'CRA Sampled Visit',
  'Onsite SDR/SDV (minutes)',
  'CDA Review (minutes)',
] as const;
/** Row labels of the Data Management table, counts per visit. */
export const DATA_MANAGEMENT_LABELS = [
  'Unique CRFs',
  'Non Unique CRFs',
  'Integrated ePRO',
  'Paper ePRO',
  'Central Lab',
  'Local Lab',
] as const;

/** Every Clinical Strategy and Data Management label, in table order. */
export type StrategyLabel =
  (typeof CLINICAL_STRATEGY_LABELS)[number] | (typeof DATA_MANAGEMENT_LABELS)[number];

/** One visit's Clinical Strategy and Data Management values, minutes and counts to 2 decimals. */
export interface VisitStrategyValues {
  visitId: number;
  visitName: string;
  values: Record<StrategyLabel, number>;
}

/**
 * Clinical Strategy and Data Management values per visit, in visit order (design section 5), minutes and counts to
 * 2 decimals: Onsite SDR/SDV = (1 - CDA review % / 100) x 100% time x (1 + additional time on site % / 100) for
 * sampled visits, else 0; CDA Review = CDA review % / 100 x 100% time; Unique / Non Unique CRFs default to the
 * grid's counts.
 */
export function strategyValuesByVisit(
  soe: SoeCostInput,
  settings: { cdaReviewPctTime: number | null; addlTimeOnSitePct: number | null },
): VisitStrategyValues[] {
  const cda = (settings.cdaReviewPctTime ?? 0) / 100;
  const addl = (settings.addlTimeOnSitePct ?? 0) / 100;
  const grid = new Map(computeVisitTotals(soe, { siteGroupId: 0, siteId: 1 }).map((t) => [t.visitId, t]));
  return soe.visits.map((v) => {
    const full = v.miEstSDRSDV ?? 0;
    const sampled = (v.miSampleVisit ?? 0) === 1;
    const t = grid.get(v.visitId);
    const values: Record<StrategyLabel, number> = {
      '100% SDR/SDV Time (minutes)': full,
      'CRA Sampled Visit': sampled ? 1 : 0,
      'Onsite SDR/SDV (minutes)': sampled ? (1 - cda) * full * (1 + addl) : 0,
      'CDA Review (minutes)': cda * full,
      'Unique CRFs': v.dmUniqueCRFs ?? t?.uniqueCrfs ?? 0,
      'Non Unique CRFs': v.dmNonUniqueCRFs ?? t?.nonUniqueCrfs ?? 0,
      'Integrated ePRO': v.dmIntegratedEpro ?? 0,
      'Paper ePRO': v.dmPaperEpro ?? 0,
      'Central Lab': v.dmCentralLab ?? 0,
      'Local Lab': v.dmLocalLab ?? 0,
    };
    for (const label of Object.keys(values) as StrategyLabel[]) values[label] = round2(values[label]);
    return { visitId: v.visitId, visitName: v.visitName, values };
  });
}

/** Clinical Strategy and Data Management rows: one per visit and label, in visit then table order. */
export function strategyRows(
  soe: SoeCostInput,
  settings: { cdaReviewPctTime: number | null; addlTimeOnSitePct: number | null },
): StrategyRow[] {
  const labels = [...CLINICAL_STRATEGY_LABELS, ...DATA_MANAGEMENT_LABELS];
  return strategyValuesByVisit(soe, settings).flatMap(({ visitName, values }) =>
    labels.map((rowLabel) => ({ rowLabel, visitName, visitValue: values[rowLabel] })),
  );
}

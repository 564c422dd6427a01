import type { SoeIntervalType } from '@predict/shared';
import {
  CLINICAL_STRATEGY_LABELS,
  DATA_MANAGEMENT_LABELS,
  strategyValuesByVisit,
  type StrategyLabel,
} from '@predict/engine';
import type { EditorAssessment, EditorVisit, GridCells } from './editor-state';
import { editorCostInput } from './grid-totals';

/** The SOE's fields the Clinical Strategy values depend on, percent. */
export interface StrategySettings {
  cdaReviewPctTime: number | null;
  addlTimeOnSitePct: number | null;
}

/** One visit's Clinical Strategy and Data Management values, by the working copy's visit key. */
export interface StrategyByVisitRow {
  visitKey: string;
  visitName: string;
  values: Record<StrategyLabel, number>;
}

const LABELS: readonly StrategyLabel[] = [...CLINICAL_STRATEGY_LABELS, ...DATA_MANAGEMENT_LABELS];

/**
 * The Clinical Strategy and Data Management values of every visit of the working copy (the engine's rules, as on
 * the forecast page) and their totals over the visits, minutes and counts to 2 decimals.
 */
export function strategyByVisit(
  visits: readonly EditorVisit[],
  assessments: readonly EditorAssessment[],
  cells: GridCells,
  currency: string,
  intervalType: SoeIntervalType,
  settings: StrategySettings,
): { rows: StrategyByVisitRow[]; totals: Record<StrategyLabel, number> } {
  const input = editorCostInput(visits, assessments, cells, currency, intervalType);
  const rows = strategyValuesByVisit(input, settings).map((v) => ({
    visitKey: visits[v.visitId]!.visitKey,
    visitName: v.visitName,
    values: v.values,
  }));
  const totals = Object.fromEntries(
    LABELS.map((label) => [
      label,
      // Summed in hundredths: each value has 2 decimals, so the total is exact.
      rows.reduce((sum, r) => sum + Math.round(r.values[label] * 100), 0) / 100,
    ]),
  ) as Record<StrategyLabel, number>;
  return { rows, totals };
}

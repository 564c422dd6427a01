import { CLINICAL_STRATEGY_LABELS } from '@predict/engine';

const clinical: ReadonlySet<string> = new Set(CLINICAL_STRATEGY_LABELS);

/** True for a Clinical Strategy row; every other row goes to Data Management (spec/2 section 9). */
export const isClinicalStrategyRow = (row: { rowLabel: string }) => clinical.has(row.rowLabel);

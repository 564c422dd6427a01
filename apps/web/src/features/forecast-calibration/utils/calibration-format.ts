import type { CalibrationShare, CalibrationSummary } from '@predict/shared';
import { EMPTY, formatPercent } from '@/lib/format';

/** A share as a percentage ('67%'); '—' with nothing to share. */
export const shareText = (s: CalibrationShare) => (s.share === null ? EMPTY : formatPercent(s.share));

/** Its 90% Wilson interval ('90% CI 25-92%'). */
export const intervalText = (s: CalibrationShare) => `90% CI ${formatPercent(s.lo)}–${formatPercent(s.hi)}`;

/** '3 studies', '1 study'. */
export const studiesText = (n: number) => `${n} ${n === 1 ? 'study' : 'studies'}`;

/** A PIT to 3 decimals, at least 2 (0.30, 0.945, 0.005: the outer 1% stays told from 0). */
export const pitText = (pit: number | null) =>
  pit === null ? EMPTY : pit.toFixed(3).replace(/(\.\d\d)0$/, '$1');

/** Whether any summary has PITs to chart. */
export const hasPits = (summaries: readonly CalibrationSummary[]) =>
  summaries.some((s) => s.n > 0 && s.pitHistogram !== null);

/** Upper-case first letter: 'miss late' -> 'Miss late'. */
export const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

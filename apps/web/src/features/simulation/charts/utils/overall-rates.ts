import type { SummaryRow } from '@predict/shared';
import { formatDecimal, formatPercent } from '@/lib/format';

export const OVERALL_ROW = 'Overall';

export interface OverallRates {
  /** Patients/site/month, 2 decimals. */
  enrollmentRate: string;
  /** Percentages with 2 decimals, or '##' when the summary could not compute them. */
  screenFailRate: string;
  dropOutRate: string;
}

/** The line above the enrollment charts, from the summary table's 'Overall' row; null when there is none. */
export function overallRates(summary: readonly SummaryRow[] | undefined): OverallRates | null {
  const overall = summary?.find((row) => row.siteGroupName === OVERALL_ROW);
  if (!overall) return null;
  return {
    enrollmentRate: formatDecimal(overall['Enrollment Rate'], 2),
    screenFailRate: formatPercent(overall['Screen Fail Rate'], 2),
    dropOutRate: formatPercent(overall['Drop Out Rate'], 2),
  };
}

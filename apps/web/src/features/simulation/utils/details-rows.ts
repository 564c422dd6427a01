import type { DetailsTable, ResultSetName } from '@predict/shared';

export type DetailsPeriod = 'MONTH' | 'WEEK';

/** The four details tables (spec/1 section 9 names) and the result sets of their ordinary and cohort versions. */
export const DETAILS_VARIANTS = [
  {
    label: 'Monthly (Cumulative)',
    period: 'MONTH',
    cumulative: true,
    set: 'detailsMonthlyCumulative',
    cohortSet: 'cohortDetailsMonthlyCumulative',
  },
  {
    label: 'Weekly (Cumulative)',
    period: 'WEEK',
    cumulative: true,
    set: 'detailsWeeklyCumulative',
    cohortSet: 'cohortDetailsWeeklyCumulative',
  },
  {
    label: 'Monthly (Non-Cumulative)',
    period: 'MONTH',
    cumulative: false,
    set: 'detailsMonthlyNonCumulative',
    cohortSet: 'cohortDetailsMonthlyNonCumulative',
  },
  {
    label: 'Weekly (Non-Cumulative)',
    period: 'WEEK',
    cumulative: false,
    set: 'detailsWeeklyNonCumulative',
    cohortSet: 'cohortDetailsWeeklyNonCumulative',
  },
] as const satisfies readonly {
  label: string;
  period: DetailsPeriod;
  cumulative: boolean;
  set: ResultSetName;
  cohortSet: ResultSetName;
}[];
export type DetailsVariant = (typeof DETAILS_VARIANTS)[number];

export function detailsVariant(period: DetailsPeriod, cumulative: boolean): DetailsVariant {
  return DETAILS_VARIANTS.find((v) => v.period === period && v.cumulative === cumulative)!;
}

const BLOCKS = [
  ['active_sites', 'Active Sites'],
  ['screened', 'Screened'],
  ['enrolled', 'Enrolled'],
  ['completed', 'Completed'],
] as const;

/** One line of a details table: a block's totals (level 0) or one country's or cohort's values (level 1). */
export interface DetailsLine {
  key: string;
  label: string;
  level: 0 | 1;
  data: readonly number[];
}

/** The rows active sites, screened, enrolled and completed, each its totals and then its countries (cohorts). */
export function detailsLines(table: DetailsTable): DetailsLine[] {
  return BLOCKS.flatMap(([key, label]) => {
    const block = table.table_body[key];
    return [
      { key, label, level: 0 as const, data: block.header_totals },
      ...block.sub_table_body.map((row, i) => ({
        key: `${key}-${row.siteGroupId}-${i}`,
        label: row.country_name,
        level: 1 as const,
        data: row.data,
      })),
    ];
  });
}

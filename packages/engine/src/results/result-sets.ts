import type { CohortResultSets } from './cohort-types';
import type {
  DetailsTable,
  SummaryRow,
  StartupRow,
  DurationRow,
  TimelineRow,
  EnrollmentRow,
  EnrollmentChart,
} from './types';

/** The 13 sets of every plan; sequential cohort plans add the 7 cohort sets (20 in all). */
export interface ResultSets extends Partial<CohortResultSets> {
  detailsMonthlyCumulative: DetailsTable;
  detailsMonthlyNonCumulative: DetailsTable;
  detailsWeeklyCumulative: DetailsTable;
  detailsWeeklyNonCumulative: DetailsTable;
  summaryTable: SummaryRow[];
  startupTable: StartupRow[];
  durationTable: DurationRow[];
  timelineTable: TimelineRow[];
  enrollmentTable: EnrollmentRow[];
  siteGroupChartMonthly: EnrollmentChart;
  siteGroupChartWeekly: EnrollmentChart;
  regionChartMonthly: EnrollmentChart;
  regionChartWeekly: EnrollmentChart;
}

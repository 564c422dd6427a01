import { DETAILS_VARIANTS } from './details-rows';

/** The table export's options (spec/1 section 9); each ticked option becomes one sheet named by its label. */
export type ExportGroup = 'Details' | 'Summaries' | 'Durations';

export type ExportOptionId =
  | (typeof DETAILS_VARIANTS)[number]['set']
  | (typeof DETAILS_VARIANTS)[number]['cohortSet']
  | 'combinedReport'
  | 'proposalReport'
  | 'summaryCohort'
  | 'timelineDurations'
  | 'startupDurations';

export interface ExportOption {
  id: ExportOptionId;
  group: ExportGroup;
  /** The checkbox label and the sheet name (at most 31 characters, as spreadsheets allow). */
  label: string;
}

export const EXPORT_GROUPS: readonly ExportGroup[] = ['Details', 'Summaries', 'Durations'];

/** Every option; cohort variants and Summary - Cohort only for sequential cohort plans. */
export function exportOptions(cohorts: boolean): ExportOption[] {
  return [
    ...DETAILS_VARIANTS.map((v) => ({ id: v.set, group: 'Details' as const, label: v.label })),
    ...(cohorts
      ? DETAILS_VARIANTS.map((v) => ({
          id: v.cohortSet,
          group: 'Details' as const,
          label: `Cohort ${v.label}`,
        }))
      : []),
    { id: 'combinedReport', group: 'Summaries', label: 'Combined Report' },
    { id: 'proposalReport', group: 'Summaries', label: 'Proposal Report' },
    ...(cohorts
      ? [{ id: 'summaryCohort' as const, group: 'Summaries' as const, label: 'Summary - Cohort' }]
      : []),
    { id: 'timelineDurations', group: 'Durations', label: 'Timeline Durations' },
    { id: 'startupDurations', group: 'Durations', label: 'Country Start-up Durations' },
  ];
}

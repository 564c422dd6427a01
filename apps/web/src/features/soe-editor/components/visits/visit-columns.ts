import type { SoeCommentType } from '@predict/shared';
import type { EditorVisit } from '../../state/editor-state';

type NumberKey = {
  [K in keyof EditorVisit]: EditorVisit[K] extends number | null ? K : never;
}[keyof EditorVisit];

/** The extra numeric columns of a field-type view (spec/2 section 2: clinical strategy and data management). */
export const VIEW_NUMBER_COLUMNS: Record<SoeCommentType, { field: NumberKey; header: string }[]> = {
  VISIT: [],
  COST: [{ field: 'visitCost', header: 'Visit Cost' }],
  MEDICAL: [
    { field: 'miEstSDRSDV', header: 'Est. 100% SDR/SDV (min)' },
    { field: 'miSuggestedOnSiteSDRSDV', header: 'Suggested On-Site SDR/SDV' },
    { field: 'miSuggestedCDAReview', header: 'Suggested CDA Review' },
    { field: 'miEstCDAReportFrequency', header: 'Est. CDA Report Frequency' },
  ],
  DATA_MANAGEMENT: [
    { field: 'dmUniqueCRFs', header: 'Unique CRFs' },
    { field: 'dmNonUniqueCRFs', header: 'Non Unique CRFs' },
    { field: 'dmIntegratedEpro', header: 'Integrated ePRO' },
    { field: 'dmPaperEpro', header: 'Paper ePRO' },
    { field: 'dmCentralLab', header: 'Central Lab' },
    { field: 'dmLocalLab', header: 'Local Lab' },
  ],
};

/** The comments field a field-type view shows, for visits and assessments. */
export const VISIT_COMMENT_FIELD = {
  VISIT: 'commentsVisit',
  COST: 'commentsCost',
  MEDICAL: 'commentsClinicalStrategy',
  DATA_MANAGEMENT: 'commentsDataManagement',
} as const satisfies Record<SoeCommentType, keyof EditorVisit>;

export const ASSESSMENT_COMMENT_FIELD = {
  VISIT: 'commentsAssessment',
  COST: 'commentsCost',
  MEDICAL: 'commentsClinicalStrategy',
  DATA_MANAGEMENT: 'commentsDataManagement',
} as const;

/** The Assessments table's comment types (spec/2 section 2): its first variant reads Assessment, not Visit. */
export const ASSESSMENT_COMMENT_LABELS = {
  VISIT: 'Assessment',
  COST: 'Cost',
  MEDICAL: 'Clinical Strategy',
  DATA_MANAGEMENT: 'Data Management',
} as const satisfies Record<SoeCommentType, string>;

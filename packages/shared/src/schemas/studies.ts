import { z } from 'zod';
import { OPPORTUNITY_STAGES, PAGE_SIZES, STUDY_LIST_DEFAULT_PAGE_SIZE } from '../constants';
import { CalendarDay, IdParam, INTEGER_MESSAGE } from './common';
import { safeText } from './safe-input';

/** One row of the study list (spec/1 section 3, Study). Dates are ISO 8601 timestamps (UTC). */
export const StudyListRow = z
  .object({
    studyId: z.number().int(),
    projectId: z.string(),
    studyName: z.string(),
    sponsorName: z.string(),
    opportunityStage: z.string(),
    enrollmentPlanExists: z.enum(['Y', 'N']),
    soeExists: z.enum(['Y', 'N']),
    soeCosts: z.enum(['Y', 'N']),
    soeClinicalInformatics: z.enum(['Y', 'N']),
    soeDataManagement: z.enum(['Y', 'N']),
    enrollmentPlanLastUpdate: z.string().nullable(),
    soeLastUpdate: z.string().nullable(),
  })
  .meta({ id: 'StudyListRow' });
export type StudyListRow = z.infer<typeof StudyListRow>;

export const STUDY_SORT_COLUMNS = [
  'projectId',
  'studyName',
  'sponsorName',
  'opportunityStage',
  'enrollmentPlanExists',
  'soeExists',
  'soeCosts',
  'soeClinicalInformatics',
  'soeDataManagement',
  'enrollmentPlanLastUpdate',
  'soeLastUpdate',
] as const;
export type StudySortColumn = (typeof STUDY_SORT_COLUMNS)[number];

export const STUDY_TEXT_FILTERS = ['projectId', 'studyName', 'sponsorName'] as const;
export const STUDY_FLAG_FILTERS = [
  'enrollmentPlanExists',
  'soeExists',
  'soeCosts',
  'soeClinicalInformatics',
  'soeDataManagement',
] as const;
export const STUDY_DATE_FILTERS = ['enrollmentPlanLastUpdate', 'soeLastUpdate'] as const;

const text = safeText().max(200, { error: 'At most 200 characters.' }).optional();
const flag = z.enum(['Y', 'N'], { error: 'Has to be Y or N.' }).optional();

/** Query of GET /ctpo/studies: search, column filters, sort and page, all applied by the server. */
export const StudyListQuery = z.object({
  search: text,
  page: z.coerce.number().int({ error: INTEGER_MESSAGE }).min(0).max(100_000).default(0),
  pageSize: z.coerce
    .number()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { error: 'Has to be 5, 10 or 25.' })
    .default(STUDY_LIST_DEFAULT_PAGE_SIZE),
  sort: z.enum(STUDY_SORT_COLUMNS).default('projectId'),
  order: z.enum(['asc', 'desc']).default('asc'),
  projectId: text,
  studyName: text,
  sponsorName: text,
  opportunityStage: z.enum(OPPORTUNITY_STAGES, { error: 'Not a known opportunity stage.' }).optional(),
  enrollmentPlanExists: flag,
  soeExists: flag,
  soeCosts: flag,
  soeClinicalInformatics: flag,
  soeDataManagement: flag,
  enrollmentPlanLastUpdateFrom: CalendarDay.optional(),
  enrollmentPlanLastUpdateTo: CalendarDay.optional(),
  soeLastUpdateFrom: CalendarDay.optional(),
  soeLastUpdateTo: CalendarDay.optional(),
});
export type StudyListQuery = z.infer<typeof StudyListQuery>;
export type StudyListQueryInput = z.input<typeof StudyListQuery>;

export const StudyListResponse = z
  .object({
    rows: z.array(StudyListRow),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .meta({ id: 'StudyListResponse' });
export type StudyListResponse = z.infer<typeof StudyListResponse>;

/** Autocomplete row of GET /ctpo/studies/project/{text}*. */
export const StudySearchResult = z
  .object({
    studyId: z.number().int(),
    projectId: z.string(),
    studyName: z.string(),
    sponsorName: z.string(),
  })
  .meta({ id: 'StudySearchResult' });
export type StudySearchResult = z.infer<typeof StudySearchResult>;

export const StudySearchParams = z.object({ text: safeText().max(200) });
export const StudySearchQuery = z.object({
  limit: z.coerce.number().int().min(1).max(25).default(5),
});

/** A study with the details of the STUDY DETAILS dialog (spec/3 section 2 and 3). */
export const StudyDetails = z
  .object({
    studyId: z.number().int(),
    projectId: z.string(),
    studyName: z.string(),
    sponsorName: z.string(),
    opportunityStage: z.string(),
    proposalVersion: z.string().nullable(),
    proposalDueDate: z.string().nullable(),
    therapeuticArea: z.string().nullable(),
    therapeuticFranchise: z.string().nullable(),
    indication: z.string().nullable(),
    investigationalProductName: z.string().nullable(),
    phase: z.string().nullable(),
    protocolId: z.string().nullable(),
    protocolTitle: z.string().nullable(),
    proposalBudgeterName: z.string().nullable(),
    proposalStrategyName: z.string().nullable(),
    soeName: z.string().nullable(),
    soeDescription: z.string().nullable(),
    isDemo: z.boolean(),
    studyPlans: z.array(z.object({ studyPlanId: z.number().int(), studyPlanName: z.string() })),
  })
  .meta({ id: 'StudyDetails' });
export type StudyDetails = z.infer<typeof StudyDetails>;

export const StudyIdParams = z.object({ studyId: IdParam });

import { z } from 'zod';
import { SOE_INTERVAL_TYPES, VISIT_CATEGORIES, VISIT_VARIANCE_TYPES } from './constants';

/**
 * What the editor reads (spec/2 sections 3 and 7). Money is a decimal amount in the currency of its level (2
 * decimals; stored as cents). Study-level rows hold the visit and assessment lists and the grid; country and site
 * rows hold the level's own cost values (null = not set, inherited) beside the effective value and its source.
 */

const int = z.number().int();
const text = z.string().nullable();
const num = z.number().nullable();

export const SOE_LEVELS = ['study', 'country', 'site'] as const;
export type SoeLevel = (typeof SOE_LEVELS)[number];

/** An effective value at a level and the level it comes from (design/soe-costing.md section 1). */
export const LevelValue = z.object({ value: num, from: z.enum(SOE_LEVELS) });
export type LevelValue = z.infer<typeof LevelValue>;

/** A visit of the study level (GET /ctpo/soe/{id}/visits). */
export const SoeVisit = z
  .object({
    scheduleOfEventsVisitId: int,
    scheduleOfEventsId: int,
    studyId: int,
    visitName: z.string(),
    visitCategory: z.enum(VISIT_CATEGORIES),
    visitStudyDay: int.nullable(),
    visitVarianceType: z.enum(VISIT_VARIANCE_TYPES),
    visitVariance: int.nullable(),
    visitIntervalType: z.enum(SOE_INTERVAL_TYPES),
    visitSortOrder: int,
    visitOverheadPct: num,
    visitCost: num,
    commentsVisit: text,
    commentsCost: text,
    commentsClinicalStrategy: text,
    commentsDataManagement: text,
    miEstSDRSDV: num,
    miSampleVisit: z.union([z.literal(0), z.literal(1)]),
    miSuggestedOnSiteSDRSDV: num,
    miSuggestedCDAReview: num,
    miEstCDAReportFrequency: num,
    dmUniqueCRFs: num,
    dmNonUniqueCRFs: num,
    dmIntegratedEpro: num,
    dmPaperEpro: num,
    dmCentralLab: num,
    dmLocalLab: num,
  })
  .meta({ id: 'SoeVisit' });
export type SoeVisit = z.infer<typeof SoeVisit>;

/** A visit's own cost values at a country or site (GET /ctpo/soe/{id}/visits/sitegroup/{sg}/site/{site}). */
export const SoeVisitLevel = z
  .object({
    scheduleOfEventsVisitId: int,
    visitName: z.string(),
    visitCategory: z.enum(VISIT_CATEGORIES),
    visitStudyDay: int.nullable(),
    visitSortOrder: int,
    siteGroupId: int,
    siteId: int,
    visitOverheadPct: num,
    visitCost: num,
    /** A site contract's visit total; only at sites (siteId other than 1). */
    visitCostTotal: num,
    effective: z.object({ visitOverheadPct: LevelValue, visitCost: LevelValue, visitCostTotal: LevelValue }),
  })
  .meta({ id: 'SoeVisitLevel' });
export type SoeVisitLevel = z.infer<typeof SoeVisitLevel>;

/** An assessment of the study level (GET /ctpo/soe/{id}/assessments). */
export const SoeAssessment = z
  .object({
    scheduleOfEventsAssessmentId: int,
    scheduleOfEventsId: int,
    studyId: int,
    assessmentType: z.string(),
    assessmentName: z.string(),
    assessmentNameMapping: text,
    assessmentCost: z.number(),
    overhead: z.union([z.literal(0), z.literal(1)]),
    exclude: z.union([z.literal(0), z.literal(1)]),
    ipAdministered: z.union([z.literal(0), z.literal(1)]),
    assessmentSortOrder: int,
    commentsAssessment: text,
    commentsCost: text,
    commentsClinicalStrategy: text,
    commentsDataManagement: text,
  })
  .meta({ id: 'SoeAssessment' });
export type SoeAssessment = z.infer<typeof SoeAssessment>;

/** An assessment's own cost at a country or site. */
export const SoeAssessmentLevel = z
  .object({
    scheduleOfEventsAssessmentId: int,
    assessmentName: z.string(),
    assessmentType: z.string(),
    assessmentSortOrder: int,
    siteGroupId: int,
    siteId: int,
    assessmentCost: num,
    effective: z.object({ assessmentCost: LevelValue }),
  })
  .meta({ id: 'SoeAssessmentLevel' });
export type SoeAssessmentLevel = z.infer<typeof SoeAssessmentLevel>;

/** A ticked grid cell (GET /ctpo/soe/{id}/mapping lists only ticked cells, mappingAssessmentVisit 1). */
export const SoeMappingEntry = z
  .object({
    studyId: int,
    scheduleOfEventsId: int,
    scheduleOfEventsAssessmentId: int,
    scheduleOfEventsVisitId: int,
    mappingAssessmentVisit: z.union([z.literal(0), z.literal(1)]),
    multiplier: num,
    uniqueNonUniqueForm: z.enum(['U', 'N']).nullable(),
    visitName: z.string(),
  })
  .meta({ id: 'SoeMappingEntry' });
export type SoeMappingEntry = z.infer<typeof SoeMappingEntry>;

/**
 * An entry of GET /ctpo/soe/{id}/sitegroups: the Study pseudo-entry (siteGroupId 0, the SOE currency), one entry per
 * country / site group of the linked plan (siteId 1) and one per selectable site (siteId other than 1; sites with a
 * Fully Executed contract after REFRESH SITE LIST).
 */
export const SoeSiteGroupEntry = z
  .object({
    scheduleOfEventsId: int,
    siteGroupId: int,
    siteId: int,
    siteGroupName: z.string(),
    countryCodeISO3: z.string(),
    countryName: z.string(),
    centralLocal: z.enum(['Central', 'Local']).nullable(),
    /** The tab's label: ISO3, US groups with ' - C' / ' - L'; 'Study' for the study entry. */
    tabLabel: z.string(),
    /** Sites only: the site number and the picker's label. */
    siteNumber: text,
    dropDownListLabel: text,
    /** The level's own currency and rate (null = inherited) and the effective ones. */
    currency: text,
    exchangeRate: num,
    effectiveCurrency: z.string(),
    effectiveExchangeRate: num,
    siteContractEffectiveDate: text,
  })
  .meta({ id: 'SoeSiteGroupEntry' });
export type SoeSiteGroupEntry = z.infer<typeof SoeSiteGroupEntry>;

/** A row of the Initial Risk Assessment table. */
export const SoeRiskAssessment = z
  .object({
    scheduleOfEventsRiskAssessmentId: int,
    scheduleOfEventsId: int,
    riskAssessmentCategory: z.string(),
    riskAssessmentStudySpecifics: text,
    riskAssessmentRiskScore: num,
    riskAssessmentLow: z.string(),
    riskAssessmentModerate: z.string(),
    riskAssessmentHigh: z.string(),
  })
  .meta({ id: 'SoeRiskAssessment' });
export type SoeRiskAssessment = z.infer<typeof SoeRiskAssessment>;

/** A row of the visit sampling strategy tables (Variables ... ePrice Info). */
export const SoeSamplingRow = z
  .object({
    scheduleOfEventsId: int,
    tableSort: int,
    rowSort: int,
    rowLabel: z.string(),
    cellValue1: text,
    cellValue2: text,
    cellValue3: text,
    cellValue4: text,
    notes: text,
    /** The SOE field an edit icon changes, for the editable rows of spec/2 section 9; null otherwise. */
    editField: text,
  })
  .meta({ id: 'SoeSamplingRow' });
export type SoeSamplingRow = z.infer<typeof SoeSamplingRow>;

/** A name of the assessment-name reference list (GET /ctpo/assessments/name/{prefix}*). */
export const AssessmentNameEntry = z
  .object({ assessmentName: z.string(), assessmentType: z.string() })
  .meta({ id: 'AssessmentNameEntry' });
export type AssessmentNameEntry = z.infer<typeof AssessmentNameEntry>;

import { z } from 'zod';
import { CalendarDay, IdParam } from '../schemas/common';
import { int4, safeText } from '../schemas/safe-input';
import {
  SoeAssessmentInput,
  SoeAssessmentLevelInput,
  SoeCurrencyInput,
  SoeMappingInput,
  SoeRiskInput,
  SoeSamplingNoteInput,
  SoeVisitInput,
  SoeVisitLevelInput,
  SOE_MAX_ROWS as MAX_ROWS,
} from './soe-save-schemas';
import { soeRowIssues } from './soe-row-rules';

/**
 * Bodies of the spec's per-table calls (spec/2 section 7), each a thin wrapper over the one-call save: the same
 * field rules and messages, applied in one transaction each. They name no version (the spec's calls carry none).
 */

const soeId = int4();
const MAX_CELLS = 300_000;
export const SAME_SOE_MESSAGE = 'Every row has to name the same Schedule of Events.';

/** Rows of a list call have to name one SOE. */
const oneSoe = <T extends { scheduleOfEventsId: number }>(rows: T[], ctx: z.RefinementCtx) =>
  rows.forEach((r, i) => {
    if (r.scheduleOfEventsId !== rows[0]!.scheduleOfEventsId)
      ctx.addIssue({ code: 'custom', path: [i, 'scheduleOfEventsId'], message: SAME_SOE_MESSAGE });
  });

/** POST /ctpo/study/{studyId}/SOEVisit: the SOE's full visit list (empty: every visit is removed). */
export const SoeVisitCallBody = z
  .object({ scheduleOfEventsId: soeId, visits: z.array(SoeVisitInput).max(MAX_ROWS) })
  .superRefine((b, ctx) => {
    for (const issue of soeRowIssues(b.visits, []))
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  })
  .meta({ id: 'SoeVisitCallBody' });
export type SoeVisitCallBody = z.infer<typeof SoeVisitCallBody>;

/** POST /ctpo/study/{studyId}/SOEAssessment: the SOE's full assessment list. */
export const SoeAssessmentCallBody = z
  .object({ scheduleOfEventsId: soeId, assessments: z.array(SoeAssessmentInput).max(MAX_ROWS) })
  .superRefine((b, ctx) => {
    for (const issue of soeRowIssues([], b.assessments))
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  })
  .meta({ id: 'SoeAssessmentCallBody' });
export type SoeAssessmentCallBody = z.infer<typeof SoeAssessmentCallBody>;

/** POST /ctpo/study/{studyId}/SOEVisitSiteGroup: one visit's own values at a country or site. */
export const SoeVisitSiteGroupCallBody = SoeVisitLevelInput.omit({ visitKey: true })
  .extend({ studyId: int4().optional(), scheduleOfEventsId: soeId, scheduleOfEventsVisitId: int4() })
  .meta({ id: 'SoeVisitSiteGroupCallBody' });
export type SoeVisitSiteGroupCallBody = z.infer<typeof SoeVisitSiteGroupCallBody>;

/** POST /ctpo/study/{studyId}/SOEAssessmentSiteGroup: one assessment's own cost at a country or site. */
export const SoeAssessmentSiteGroupCallBody = SoeAssessmentLevelInput.omit({ assessmentKey: true })
  .extend({ studyId: int4().optional(), scheduleOfEventsId: soeId, scheduleOfEventsAssessmentId: int4() })
  .meta({ id: 'SoeAssessmentSiteGroupCallBody' });
export type SoeAssessmentSiteGroupCallBody = z.infer<typeof SoeAssessmentSiteGroupCallBody>;

const mappingFields = SoeMappingInput.in.shape;
/** POST /ctpo/study/{studyId}/SOEAssessmentVisitMapping: grid cell changes (0 unticks). */
export const SoeMappingCallBody = z
  .array(
    z.object({
      studyId: int4().optional(),
      scheduleOfEventsId: soeId,
      scheduleOfEventsVisitId: int4(),
      scheduleOfEventsAssessmentId: int4(),
      mappingAssessmentVisit: mappingFields.mappingAssessmentVisit,
      multiplier: mappingFields.multiplier,
      uniqueNonUniqueForm: mappingFields.uniqueNonUniqueForm,
    }),
  )
  .min(1)
  .max(MAX_CELLS)
  .superRefine(oneSoe)
  .meta({ id: 'SoeMappingCallBody' });
export type SoeMappingCallBody = z.infer<typeof SoeMappingCallBody>;

/** POST /ctpo/study/{studyId}/SOESiteContractDate. */
export const SoeContractDateCallBody = z
  .object({
    studyId: int4().optional(),
    scheduleOfEventsId: soeId,
    siteGroupId: int4(),
    siteId: int4(),
    siteContractEffectiveDate: CalendarDay.nullable(),
  })
  .meta({ id: 'SoeContractDateCallBody' });
export type SoeContractDateCallBody = z.infer<typeof SoeContractDateCallBody>;

/** POST /ctpo/study/{studyId}/SOECurrency: levels' currencies (site group 0 = the SOE currency). */
export const SoeCurrencyCallBody = z
  .array(SoeCurrencyInput.extend({ scheduleOfEventsId: soeId }))
  .min(1)
  .max(MAX_ROWS)
  .superRefine(oneSoe)
  .meta({ id: 'SoeCurrencyCallBody' });
export type SoeCurrencyCallBody = z.infer<typeof SoeCurrencyCallBody>;

/** POST /ctpo/study/{studyId}/InitialRiskAssessment. */
export const SoeRiskCallBody = z
  .array(SoeRiskInput.extend({ studyId: int4().optional(), scheduleOfEventsId: soeId }))
  .min(1)
  .max(MAX_ROWS)
  .superRefine(oneSoe)
  .meta({ id: 'SoeRiskCallBody' });
export type SoeRiskCallBody = z.infer<typeof SoeRiskCallBody>;

/** POST /ctpo/study/{studyId}/VisitSamplingStrategyNotes: one note. */
export const SoeSamplingNoteCallBody = SoeSamplingNoteInput.extend({
  studyId: int4().optional(),
  scheduleOfEventsId: soeId,
}).meta({ id: 'SoeSamplingNoteCallBody' });
export type SoeSamplingNoteCallBody = z.infer<typeof SoeSamplingNoteCallBody>;

/** POST /ctpo/study/{studyId}/SOESiteSelectedList. */
export const SoeSiteListBody = z.object({ scheduleOfEventsId: soeId }).meta({ id: 'SoeSiteListBody' });
export type SoeSiteListBody = z.infer<typeof SoeSiteListBody>;
export const SoeSiteListAnswer = z
  .object({ message: z.string(), sites: z.number().int() })
  .meta({ id: 'SoeSiteListAnswer' });
export type SoeSiteListAnswer = z.infer<typeof SoeSiteListAnswer>;

/** GET /ctpo/soe/{id}/...: the SOE id, and for level reads the site group and site. */
export const SoeIdParams = z.object({ id: IdParam });
export const SoeLevelParams = z.object({ id: IdParam, sg: IdParam, site: IdParam });

/** GET /ctpo/assessments/name/{prefix}*: the prefix, with the trailing '*' the spec's client appends. */
export const AssessmentNameParams = z.object({
  prefix: safeText()
    .max(101)
    .transform((p) => p.replace(/\*$/, '').trim()),
});

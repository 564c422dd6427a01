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
const int = z.number().int();
const MAX_CELLS = 300_000;
export const SAME_SOE_MESSAGE = 'Every row has to name the same Schedule of Events.';

/** Rows of a list call have to name one SOE. */
const oneSoe = <T extends { scheduleOfEventsId: number }>(rows: T[], ctx: z.RefinementCtx) =>
  rows.forEach((r, i) => {
    if (r.scheduleOfEventsId !== rows[0]!.scheduleOfEventsId)
      ctx.addIssue({ code: 'custom', path: [i, 'scheduleOfEventsId'], message: SAME_SOE_MESSAGE });
  });

/**
 * A body that is either a list or one object (the spec's SOEVisit): a bad body is answered with the problems of
 * the form that was sent (a list or not), each at its path, rather than a union's bare 'Invalid input' at the root.
 * The preprocess checks the form the body has; the union after it is what OpenAPI shows and what is parsed.
 */
function listOrObject<L extends z.ZodType, O extends z.ZodType>(list: L, object: O) {
  return z.preprocess(
    (value, ctx) => {
      const checked = (Array.isArray(value) ? list : object).safeParse(value);
      if (!checked.success)
        for (const issue of checked.error.issues)
          ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      return value;
    },
    z.union([list, object]),
  );
}

export const SOE_VISIT_CALL_MESSAGES = {
  /** An empty list names no SOE: spec/2 section 4 sends only the scheduleOfEventsId then. */
  emptyList: 'Send only { scheduleOfEventsId } to remove every visit; a visit list has at least one visit.',
  /** `{ scheduleOfEventsId }` with anything else (e.g. a `visits` member): never read as "remove every visit". */
  onlySoeId: 'Send a list of visits, or only scheduleOfEventsId (and studyId) to remove every visit.',
} as const;

/**
 * A visit of the SOEVisit list (spec/2 section 3's Visit): the editor's row plus the SOE (and study) it belongs to.
 * `visitKey` (the key of an unsaved row) may be left out: an existing row is then keyed by its id, a new one by
 * its position (`new-{index}`).
 */
export const SoeVisitCallRow = SoeVisitInput.extend({
  scheduleOfEventsId: soeId,
  studyId: int4().optional(),
  visitKey: SoeVisitInput.shape.visitKey.optional(),
}).meta({ id: 'SoeVisitCallRow' });
export type SoeVisitCallRow = z.infer<typeof SoeVisitCallRow>;

/** The SOE's full visit list, in order (the position is the sort order): rows without an id are added. */
export const SoeVisitListBody = z
  .array(SoeVisitCallRow)
  .min(1, { error: SOE_VISIT_CALL_MESSAGES.emptyList })
  .max(MAX_ROWS)
  .superRefine((rows, ctx) => {
    oneSoe(rows, ctx);
    // The list's rules name rows as visits.{i}; in this body a row is at {i}.
    for (const issue of soeRowIssues(rows, []))
      ctx.addIssue({ code: 'custom', path: issue.path.slice(1), message: issue.message });
  });

/** Only the SOE (spec/2 section 4: "If the visit list is empty, only the scheduleOfEventsId is sent"). */
export const SoeVisitsClearBody = z.strictObject(
  { scheduleOfEventsId: soeId, studyId: int4().optional() },
  {
    error: (issue) => (issue.code === 'unrecognized_keys' ? SOE_VISIT_CALL_MESSAGES.onlySoeId : undefined),
  },
);

/**
 * POST /ctpo/study/{studyId}/SOEVisit (spec/2 section 7: "list of visits, or only scheduleOfEventsId when
 * empty"): the SOE's full visit list, or `{ scheduleOfEventsId }` alone, which removes every visit.
 */
export const SoeVisitCallBody = listOrObject(SoeVisitListBody, SoeVisitsClearBody).meta({
  id: 'SoeVisitCallBody',
});
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

export const MILESTONE_SYNC_MESSAGES = {
  unknownPlan: 'Not a plan of this study.',
  noMilestoneDates: 'The plan has no milestone dates yet: add a country in step 2.',
  synced: 'Milestones synced',
} as const;

/**
 * POST /ctpo/study/{studyId}/MilestoneSyncSubmission (spec/2 section 7, payload not shown; ours): the planner submits
 * the plan whose milestone dates the SOE takes. The SOE is linked to that plan (a live plan of the same study), so
 * its forecast and its Study Specs follow the plan's dates; the answer lists the dates it now follows.
 */
export const MilestoneSyncSubmissionBody = z
  .object({
    /** When sent, the study of the address (400 otherwise). */
    studyId: int4().optional(),
    scheduleOfEventsId: soeId,
    /** The plan whose milestones are synced. */
    studyPlanId: int4(),
  })
  .meta({ id: 'MilestoneSyncSubmissionBody' });
export type MilestoneSyncSubmissionBody = z.infer<typeof MilestoneSyncSubmissionBody>;

/** A dated milestone of the plan (spec/1 section 3's Milestone): study-level, or of one of its countries. */
export const SyncedMilestone = z
  .object({
    milestoneScope: z.enum(['study', 'country']),
    milestoneId: int,
    milestoneName: z.string(),
    milestoneLabel: z.string().nullable(),
    /** Milliseconds since the epoch (plan dates are stored at noon UTC). */
    milestoneDateMillis: int,
    isUserOverride: z.union([z.literal(0), z.literal(1)]),
    /** The country's; null for a study-level milestone. */
    countryId: int.nullable(),
    countryCodeISO3: z.string().nullable(),
    siteGroupId: int.nullable(),
    siteGroupName: z.string().nullable(),
  })
  .meta({ id: 'SyncedMilestone' });
export type SyncedMilestone = z.infer<typeof SyncedMilestone>;

/** One milestone over the study: its earliest and latest date among the plan's dated rows of that name. */
export const SyncedStudyMilestone = z
  .object({
    milestoneId: int,
    milestoneName: z.string(),
    milestoneLabel: z.string().nullable(),
    firstDateMillis: int,
    lastDateMillis: int,
  })
  .meta({ id: 'SyncedStudyMilestone' });
export type SyncedStudyMilestone = z.infer<typeof SyncedStudyMilestone>;

/** Answer of MilestoneSyncSubmission: the SOE's new version, the plan it follows and the dates it took. */
export const MilestoneSyncAnswer = z
  .object({
    message: z.string(),
    scheduleOfEventsId: int,
    studyId: int,
    studyPlanId: int,
    studyPlanName: z.string(),
    /** The SOE's version after the sync (an editor that read an older one gets 409 on its next save). */
    version: int,
    /** Every dated milestone of the plan: the study-level ones first, then each country's in tab order. */
    milestones: z.array(SyncedMilestone),
    /** Per milestone name, in the order of `milestones`: the first and last date over the study. */
    studyMilestones: z.array(SyncedStudyMilestone),
  })
  .meta({ id: 'MilestoneSyncAnswer' });
export type MilestoneSyncAnswer = z.infer<typeof MilestoneSyncAnswer>;

import {
  canDeletePlan,
  canEditPlan,
  STEP1_FIELDS,
  type Step1FieldKey,
  type PlanCountry,
  type PlanStatus,
  type PlanTypeDetail,
  type StudyPlan,
  type StudyPlanListRow,
  type StudyPlanMilestone,
  type StudyPlanParameter,
} from '@predict/shared';
import type { AuthUser } from '../../../auth/types';
import type { PlanChildren } from '../../../repositories/plans-children-repository';
import type { PlanRow } from '../../../repositories/plans-repository';

const millis = (d: Date | null) => (d ? d.getTime() : null);
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const zeroOne = (v: number) => (v === 1 ? 1 : 0);

export const isCreator = (plan: PlanRow, user: Pick<AuthUser, 'issuer' | 'subject'>) =>
  plan.createdByIssuer === user.issuer && plan.createdBySubject === user.subject;

/** The step-1 fields of a plan row as the body, GET /ctpo/plan and the form name them (dates as millis). */
export function presentStep1Fields(plan: PlanRow): Pick<StudyPlan, Step1FieldKey> {
  const row = plan as unknown as Record<string, unknown>;
  const values = STEP1_FIELDS.map((f) => {
    const stored = row[f.column];
    return [f.key, f.kind === 'date' ? millis(stored as Date | null) : stored];
  });
  return Object.fromEntries(values) as Pick<StudyPlan, Step1FieldKey>;
}

/** A plan row as the study's plan table shows it, with what the caller may do with it. */
export function presentListRow(plan: PlanRow, user: AuthUser): StudyPlanListRow {
  return {
    studyPlanId: plan.studyPlanId,
    studyId: plan.studyId,
    studyPlanName: plan.studyPlanName,
    studyPlanDescr: plan.studyPlanDescr,
    studyPlanVersion: plan.studyPlanVersion,
    studyPlanType: plan.studyPlanType === 1 ? 1 : 2,
    studyPlanTypeDetail: plan.studyPlanTypeDetail as PlanTypeDetail,
    cohortType: plan.cohortType,
    scenarioStatus: plan.scenarioStatus as PlanStatus,
    opportunityStage: plan.opportunityStage,
    ownedBy: plan.ownedBy,
    insertBy: plan.insertBy,
    insertDate: plan.insertDate.toISOString(),
    updateBy: plan.updateBy,
    updateDate: plan.updateDate.toISOString(),
    publishBy: plan.publishBy,
    publishTs: iso(plan.publishTs),
    actualStep: plan.actualStep,
    clonedStudyPlanId: plan.clonedStudyPlanId,
    simOptRunId: plan.simOptRunId,
    simOptRunStatus: plan.simOptRunStatus,
    rowVersion: plan.rowVersion,
    isEditable: canEditPlan(plan, user.roles),
    isDeletable: canDeletePlan(plan, { readOnly: user.roles.readOnly, isCreator: isCreator(plan, user) }),
  };
}

function presentParameter(p: PlanChildren['parameters'][number], countryOf: Map<number, number>) {
  return {
    studyPlanParameterId: p.studyPlanParameterId,
    parameterScope: p.parameterScope as StudyPlanParameter['parameterScope'],
    parameterId: p.parameterId,
    parameterName: p.parameterName,
    parameterDescr: p.parameterDescr,
    lowerBound: p.lowerBound,
    upperBound: p.upperBound,
    comments: p.comments,
    countryId: p.studyPlanSiteGroupId === null ? null : (countryOf.get(p.studyPlanSiteGroupId) ?? null),
    studyPlanSiteGroupId: p.studyPlanSiteGroupId,
  } satisfies StudyPlanParameter;
}

function presentMilestone(m: PlanChildren['milestones'][number], countryOf: Map<number, number>) {
  return {
    studyPlanMilestoneGoalId: m.studyPlanMilestoneGoalId,
    milestoneScope: m.milestoneScope as StudyPlanMilestone['milestoneScope'],
    milestoneId: m.milestoneId,
    milestoneName: m.milestoneName,
    milestoneDescr: m.milestoneDescr,
    milestoneLabel: m.milestoneLabel,
    lowerBound: m.lowerBound,
    upperBound: m.upperBound,
    levelOfConfidence: m.levelOfConfidence,
    comments: m.comments,
    milestoneDateMillis: millis(m.milestoneDate),
    isUserOverride: zeroOne(m.isUserOverride),
    countryId: m.studyPlanSiteGroupId === null ? null : (countryOf.get(m.studyPlanSiteGroupId) ?? null),
    studyPlanSiteGroupId: m.studyPlanSiteGroupId,
  } satisfies StudyPlanMilestone;
}

/** Countries in tab order, each with its site groups and what belongs to them. */
function presentCountries(c: PlanChildren, countryOf: Map<number, number>): PlanCountry[] {
  const byCountry = new Map<number, PlanCountry>();
  for (const { siteGroup: g, countryName, countryCodeIso3, region } of c.siteGroups) {
    const id = g.studyPlanSiteGroupId;
    const country = byCountry.get(g.countryId) ?? {
      countryId: g.countryId,
      countryName,
      countryCodeISO3: countryCodeIso3,
      region,
      siteGroups: [],
    };
    byCountry.set(g.countryId, country);
    country.siteGroups.push({
      studyPlanSiteGroupId: id,
      siteGroupId: g.siteGroupId,
      siteGroupName: g.siteGroupName,
      referenceVersion: g.referenceVersion,
      parameters: c.parameters
        .filter((p) => p.studyPlanSiteGroupId === id)
        .map((p) => presentParameter(p, countryOf)),
      milestones: c.milestones
        .filter((m) => m.studyPlanSiteGroupId === id)
        .map((m) => presentMilestone(m, countryOf)),
      timeSiteIdSize: g.timeSiteIdSize as PlanCountry['siteGroups'][number]['timeSiteIdSize'],
      timeCountryStartUpSize:
        g.timeCountryStartUpSize as PlanCountry['siteGroups'][number]['timeCountryStartUpSize'],
      siteEnrollmentRateAtSIV: g.siteEnrollmentRateAtSiv,
      expectedScreenFailureRate: g.expectedScreenFailureRate,
      expectedTreatmentDropoutRate: g.expectedTreatmentDropoutRate,
      eventualSiteEnrollmentDays: g.eventualSiteEnrollmentDays,
      eventualSiteEnrollmentRate: g.eventualSiteEnrollmentRate,
      pauseEnrollmentAfterPatient: g.pauseEnrollmentAfterPatient,
      pauseEnrollmentDays: g.pauseEnrollmentDays,
      activationProfileOverride: g.activationProfileOverride,
      timeSiteIdSmallDays: g.timeSiteIdSmallDays,
      timeSiteIdMediumDays: g.timeSiteIdMediumDays,
      timeSiteIdLargeDays: g.timeSiteIdLargeDays,
      timeCountryStartUpSuperShortDays: g.timeCountryStartUpSuperShortDays,
      timeCountryStartUpShortDays: g.timeCountryStartUpShortDays,
      timeCountryStartUpMediumDays: g.timeCountryStartUpMediumDays,
      timeCountryStartUpLongDays: g.timeCountryStartUpLongDays,
      packagePrepDays: g.packagePrepDays,
      isRollingSubmission: zeroOne(g.isRollingSubmission),
      firstSiteIdDays: g.firstSiteIdDays,
      timeSIVDays: g.timeSivDays,
      timeFirstPatientScreenDays: g.timeFirstPatientScreenDays,
      isCtisEligible: g.isCtisEligible,
      activationProfiles: c.profiles
        .filter((p) => p.studyPlanSiteGroupId === id)
        .map((p) => ({
          siteActivationProfileId: p.siteActivationProfileId,
          siteActivationLabel: p.siteActivationLabel,
          siteActivationProfilePct: p.siteActivationProfilePct,
          siteActivationProfileDays: p.siteActivationProfileDays,
          siteActivationProfileDateMillis: millis(p.siteActivationProfileDate),
          overrideFl: p.overrideFl,
        })),
      enrollmentVariations: c.variations
        .filter((v) => v.studyPlanSiteGroupId === id)
        .map((v) => ({
          seasonalEnrollmentVariationId: v.seasonalEnrollmentVariationId,
          enrollmentSeasonalMonth: v.enrollmentSeasonalMonth,
          enrollmentSeasonalVariation: v.enrollmentSeasonalVariation,
        })),
    });
  }
  return [...byCountry.values()];
}

/** The whole plan as GET /ctpo/plan/{planId} answers it. */
export function presentPlan(
  found: { plan: PlanRow; projectId: string; studyName: string; sponsorName: string },
  c: PlanChildren,
  user: AuthUser,
): StudyPlan {
  const { plan } = found;
  const countryOf = new Map(c.siteGroups.map(({ siteGroup: g }) => [g.studyPlanSiteGroupId, g.countryId]));
  return {
    ...presentListRow(plan, user),
    projectId: found.projectId,
    studyName: found.studyName,
    sponsorName: found.sponsorName,
    isPersonalDraft: plan.isPersonalDraft,
    templateFlag: plan.templateFlag,
    actualAsOfDate: plan.actualAsOfDate,
    comments: plan.comments,
    indication: plan.indication,
    protocolTitle: plan.protocolTitle,
    simOptRunMsg: plan.simOptRunMsg,
    simOptSecondsSpentLimit: plan.simOptSecondsSpentLimit,
    simOptUnimprovedScoreCalculationLimit: plan.simOptUnimprovedScoreCalculationLimit,
    croProjectStartToSiteIdDuration: plan.croProjectStartToSiteIdDuration,
    siteIdToFinalProtocolDuration: plan.siteIdToFinalProtocolDuration,
    regApprovalToFSIVDuration: plan.regApprovalToFSIVDuration,
    tfedToDbLockDuration: plan.tfedToDbLockDuration,
    dbLocktoCSRDuration: plan.dbLocktoCSRDuration,
    csrToTMFCloseAndReturnDuration: plan.csrToTMFCloseAndReturnDuration,
    ...presentStep1Fields(plan),
    uncertainty: {
      studyRateCv: plan.studyRateCv,
      startupCv: plan.startupCv,
      siteRateCv: plan.siteRateCv,
      nonEnrollingProbability: plan.nonEnrollingProbability,
      countryRateCv: plan.countryRateCv,
      siteInactivationPerYear: plan.siteInactivationPerYear,
      siteRampUpDays: plan.siteRampUpDays,
      siteRampUpStart: plan.siteRampUpStart,
      siteDecayPerYear: plan.siteDecayPerYear,
      pinDefaultUncertainty: plan.pinDefaultUncertainty,
    },
    dtlPhaseName: plan.dtlPhaseName,
    srcPhaseName: plan.srcPhaseName,
    parameters: c.parameters
      .filter((p) => p.studyPlanSiteGroupId === null)
      .map((p) => presentParameter(p, countryOf)),
    milestones: c.milestones
      .filter((m) => m.studyPlanSiteGroupId === null)
      .map((m) => presentMilestone(m, countryOf)),
    countries: presentCountries(c, countryOf),
    cohorts: c.cohorts.map(({ position: _p, ...row }) => ({
      ...row,
      predecessorActivity: row.predecessorActivity as StudyPlan['cohorts'][number]['predecessorActivity'],
    })),
    ctisSubmissions: c.ctis.map((r) => ({
      studyId: plan.studyId,
      studyPlanId: r.studyPlanId,
      siteGroupId: r.siteGroupId,
      includeExclude: r.includeExclude === 'e' ? 'e' : 'i',
      regSubmissionDateUserProvided: millis(r.regSubmissionDateUserProvided),
      regSubmissionDate: millis(r.regSubmissionDate),
      useLatestRegSubmissionsDate: r.useLatestRegSubmissionsDate,
      enterNewDate: millis(r.enterNewDate),
      resetRegSubmissionDates: r.resetRegSubmissionDates,
    })),
    combinationMemberIds: c.members.map((m) => m.memberPlanId),
  };
}

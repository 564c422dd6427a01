import {
  COHORT_TYPE_SEQUENTIAL,
  countryGoalBounds,
  PLAN_TYPE_DURATION,
  PLAN_UPLOAD_MESSAGES,
  STEP1_FIELDS,
  STEP1_TARGETS,
  validateParsedPlan,
  type EnrollmentPlanStep1Body,
  type EnrollmentPlanUploadBody,
  type EnrollmentPlanUploadResponse,
  type ParsedPlan,
  type SheetError,
} from '@predict/shared';
import type { AuthUser } from '../../auth/types';
import type { Db, Tx } from '../../db/client';
import { HttpError } from '../../http-errors';
import { writeAudit } from '../../repositories/audit-repository';
import { addPlanCountry } from '../countries/add-plan-country';
import { storeCountryDates } from '../countries/plan-country-writes';
import { withEditablePlan } from '../plans/guards/with-editable-plan';
import { readPlanDetail } from '../plans/read-plans';
import { resolveCountries, step2Tables, type ResolvedCountry } from './plan-upload-countries';
import { overallErrorsOf, rowErrorsOf, step2ErrorsOf } from './plan-upload-errors';
import { allSheetErrors, readUploadedPlan, sheetErrors } from './plan-upload-file';
import { removePlanCountry } from '../countries/remove-plan-country';
import { saveStep1 } from '../plans/save-plan-step1';
import { saveStep2 } from '../countries/save-plan-step2';
import { updatePlanCountry } from '../countries/update-plan-country';

/** The step-1 save body of a file's Overall Parameters (the completed-studies import creates its plan with it). */
export function step1Body(
  studyId: number,
  planId: number,
  rowVersion: number,
  plan: ParsedPlan,
): EnrollmentPlanStep1Body {
  const o = plan.overall;
  // The plan keeps its own name: the sheet's is for reference.
  const fields = STEP1_FIELDS.filter((f) => f.key !== 'studyPlanName').map((f) => f.key as keyof typeof o);
  const targets = (list: 'parameters' | 'milestones') => STEP1_TARGETS.filter((t) => t.list === list);
  return {
    studyId,
    studyPlanId: planId,
    rowVersion,
    ...Object.fromEntries(fields.map((k) => [k, o[k]])),
    parameters: targets('parameters').map((t) => ({ parameterName: t.name, lowerBound: o[t.key] })),
    milestones: targets('milestones').map((t) => ({ milestoneName: t.name, lowerBound: o[t.key] })),
  } as EnrollmentPlanStep1Body;
}

/** Runs one service step; its 400 field messages become sheet errors (the transaction then rolls back). */
async function step<T>(toErrors: (e: HttpError) => SheetError[], run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 400) {
      const errors = toErrors(error);
      throw errors.length > 0 ? sheetErrors(errors) : error;
    }
    throw error;
  }
}

/**
 * Writes a checked, resolved file into the plan inside the caller's transaction (also the completed-studies
 * import's, services/completed-studies) through the screens' own services
 * (step 1 save; remove, edit and add countries; step 2 save), which run their rules again and open savepoints in
 * it. Any refusal throws, and the caller's transaction rolls everything back. Returns the plan's row version.
 */
export async function applyUpload(
  tx: Tx,
  user: AuthUser,
  studyId: number,
  planId: number,
  plan: ParsedPlan,
  countries: readonly ResolvedCountry[],
): Promise<number> {
  // The services take the database handle; given the transaction, their own transactions become savepoints.
  const db = tx as unknown as Db;
  const detail = () => readPlanDetail(tx, user, planId);
  const before = await detail();
  await step(overallErrorsOf, () =>
    saveStep1(db, user, studyId, step1Body(studyId, planId, before.rowVersion, plan)),
  );

  await syncCountries({ db, user, studyId, planId }, await detail(), countries);

  // The added countries' dates, once for all of them (their adds left them to this), before step 2 reads them.
  await storeCountryDates(tx, user, planId);
  const current = await detail();
  const tables = step2Tables(
    countries,
    current.countries.flatMap((x) => x.siteGroups),
  );
  await step(step2ErrorsOf(countries), () =>
    saveStep2(db, user, studyId, {
      studyId,
      studyPlanId: planId,
      studyPlanType: current.studyPlanType,
      rowVersion: current.rowVersion,
      ...tables,
    }),
  );
  return (await detail()).rowVersion;
}

interface UploadTarget {
  db: Db;
  user: AuthUser;
  studyId: number;
  planId: number;
}
type PlanDetail = Awaited<ReturnType<typeof readPlanDetail>>;
type InPlanGroup = {
  country: PlanDetail['countries'][number];
  group: PlanDetail['countries'][number]['siteGroups'][number];
};

/**
 * The plan's countries made the workbook's: those it does not list removed, new ones added, changed ones updated.
 * Each country write raises the plan's version; the next one is based on the version the last one answered.
 */
async function syncCountries(t: UploadTarget, current: PlanDetail, countries: readonly ResolvedCountry[]) {
  let version = current.rowVersion;
  const inPlan: InPlanGroup[] = current.countries.flatMap((country) =>
    country.siteGroups.map((group) => ({ country, group })),
  );
  for (const { group } of inPlan) {
    if (countries.some((c) => c.siteGroupId === group.siteGroupId)) continue;
    const [removed] = await removePlanCountry(t.db, t.user, t.studyId, {
      studyPlanId: t.planId,
      siteGroupId: group.siteGroupId,
      rowVersion: version,
    });
    version = removed!.rowVersion;
  }
  for (const c of countries) {
    const existing = inPlan.find((x) => x.group.siteGroupId === c.siteGroupId);
    version = existing ? await updateCountry(t, c, existing, version) : await addCountry(t, c, version);
  }
}

/** Adds a workbook country (its dates are stored once for all, after the adds); answers the plan's version. */
async function addCountry(t: UploadTarget, c: ResolvedCountry, version: number): Promise<number> {
  const p = c.parsed;
  const [added] = await step(rowErrorsOf(p.row), () =>
    addPlanCountry(
      t.db,
      t.user,
      t.studyId,
      {
        studyPlanId: t.planId,
        rowVersion: version,
        siteGroupId: c.siteGroupId,
        NUM_SITES_ACTIVATED_LOWER: p.NUM_SITES_ACTIVATED.lowerBound,
        NUM_SITES_ACTIVATED_UPPER: p.NUM_SITES_ACTIVATED.upperBound,
        siteIdEffort: p.siteIdEffort,
        countryStartUpTimeFrame: p.startUpTimeFrame,
      },
      { storeDates: false },
    ),
  );
  return added!.rowVersion;
}

/** Updates a country the plan has when the workbook changed its sites or efforts; answers the plan's version. */
async function updateCountry(
  t: UploadTarget,
  c: ResolvedCountry,
  existing: InPlanGroup,
  version: number,
): Promise<number> {
  const p = c.parsed;
  const sites = { lower: p.NUM_SITES_ACTIVATED.lowerBound, upper: p.NUM_SITES_ACTIVATED.upperBound };
  const saved = countryGoalBounds(existing.group, 'NUM_SITES_ACTIVATED');
  const edited =
    saved.lowerBound !== sites.lower ||
    saved.upperBound !== sites.upper ||
    existing.group.timeSiteIdSize !== p.siteIdEffort ||
    existing.group.timeCountryStartUpSize !== p.startUpTimeFrame;
  if (!edited) return version;
  const [updated] = await step(rowErrorsOf(p.row), () =>
    updatePlanCountry(t.db, t.user, {
      studyPlanId: t.planId,
      rowVersion: version,
      countryId: existing.country.countryId,
      siteGroups: [
        {
          siteGroupId: c.siteGroupId,
          NUM_SITES_ACTIVATED_LOWER: sites.lower,
          NUM_SITES_ACTIVATED_UPPER: sites.upper,
          timeSiteIdSize: p.siteIdEffort,
          timeCountryStartUpSize: p.startUpTimeFrame,
        },
      ],
    }),
  );
  return updated!.rowVersion;
}

/**
 * POST /ctpo/study/{studyId}/EnrollmentPlanUpload (spec/1 sections 5 and 7): refuses a damaged, oversized,
 * macro-carrying or zip-bomb file before parsing, reads the template, checks the plan rules and the site groups
 * (each error by sheet, row and column), then applies the file all or nothing in one transaction with an audit
 * row. Draft plans only (409 otherwise); rowVersion has to be the plan's (409).
 */
export async function uploadPlan(
  db: Db,
  user: AuthUser,
  studyId: number,
  body: EnrollmentPlanUploadBody,
): Promise<EnrollmentPlanUploadResponse> {
  const write = { studyId, planId: body.studyPlanId, rowVersion: body.rowVersion };
  // Checked before the file is read, so a stale or locked plan is refused without parsing; checked again below.
  const target = await withEditablePlan(db, user, write, async (_tx, plan) => plan);
  const { plan, errors: cellErrors } = await readUploadedPlan(body.fileName, body.fileBase64);

  const planType = target.studyPlanType === PLAN_TYPE_DURATION ? 2 : 1;
  const ruleErrors = validateParsedPlan(plan, {
    planType,
    typeDetail: target.studyPlanTypeDetail,
    sequential: planType === PLAN_TYPE_DURATION && target.cohortType === COHORT_TYPE_SEQUENTIAL,
    planName: target.studyPlanName,
  });
  const resolved = await resolveCountries(db, plan, {
    planType,
    remodel: target.studyPlanTypeDetail.startsWith('Remodel'),
    overrideOffRows: body.overrideOffRows,
  });
  // Every error of the file in one answer: wrong cells, plan rules and unknown site groups alike.
  const errors = allSheetErrors(cellErrors, ruleErrors, resolved.errors);
  if (errors.length > 0) throw sheetErrors(errors);

  const rowVersion = await withEditablePlan(db, user, write, async (tx, locked) => {
    const after = await applyUpload(tx, user, studyId, locked.studyPlanId, plan, resolved.countries);
    if (after !== locked.rowVersion) {
      await writeAudit(tx, user, {
        entity: 'study_plan',
        entityId: locked.studyPlanId,
        studyId,
        entityVersion: after,
        action: 'update',
        newValues: { upload: body.fileName, countries: resolved.countries.map((c) => c.siteGroupId) },
      });
    }
    return after;
  });
  return [{ returnCode: '200', returnDesc: PLAN_UPLOAD_MESSAGES.success, rowVersion }];
}

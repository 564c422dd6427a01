import type { SimulationInput } from '@predict/engine';
import {
  BASELINE_STATUS,
  COMPLETED_IMPORT_MESSAGES as M,
  IMPORTED_BASELINE_PLAN_NAME,
  PLAN_TYPE_DURATION,
  PLAN_TYPE_RATES,
  sheetErrorPath,
  sheetErrorText,
  validateParsedPlan,
  type CompletedStudyImportResult,
  type CompletedStudyReason,
  type CtmsExtractSource,
  type EnrollmentPlanStep1Body,
  type ImportedPlan,
  type ImportedStudyIdentity,
  type SheetError,
} from '@predict/shared';
import type { AuthUser } from '../../auth/types';
import type { Db, Tx } from '../../db/client';
import { HttpError } from '../../http-errors';
import type { EngineRunner } from '../../jobs/run-engine';
import { writeAudit } from '../../repositories/audit-repository';
import { insertImportedStudy } from '../../repositories/completed-studies-repository';
import { checkCtmsExtract, type ExtractError, type RawExtract } from '../actuals/check-ctms-extract';
import { countryGroupsByIso3, loadCtmsExtract } from '../actuals/load-ctms-extract';
import { changePlanStatus } from '../plans/change-plan-status';
import { readPlanDetail } from '../plans/read-plans';
import { saveStep1 } from '../plans/save-plan-step1';
import { resolveCountries } from '../plan-upload/plan-upload-countries';
import { allSheetErrors } from '../plan-upload/plan-upload-file';
import { applyUpload, step1Body } from '../plan-upload/upload-plan';
import { planRunInput } from '../runs/validate-plan-run';
import { completedExtractReasons } from './check-completed-extract';
import { EngineRefusal, recordBaselineForecast } from './record-baseline-forecast';

/** One study to import, from the JSON body or from the zip. */
export interface StudyToImport {
  identity: ImportedStudyIdentity;
  plan: ImportedPlan;
  /** Errors found while reading the plan spreadsheet (its cells), listed with the plan rules' own. */
  planSheetErrors?: readonly SheetError[];
  /**
   * The extract; a function of the plan's engine input for the demo portfolio, whose extracts are drawn from the
   * plan as the engine prepares it (seed-demo-portfolio.ts).
   */
  extract: RawExtract | ((input: SimulationInput) => RawExtract);
  /** Where a reason points: a JSON path ('studies.3.plan (Countries!F3)'), or a file and cell ('plan.xlsx Countries!F3'). */
  planPath: (cell: string) => string;
  extractPath: (e: ExtractError) => string;
}

export interface ImportOptions {
  source: CtmsExtractSource;
  isDemo?: boolean;
  engine?: EngineRunner;
  now?: number;
}

/** A study refused: the transaction rolls back and the reasons are its result. */
class Refusal extends Error {
  constructor(readonly reasons: CompletedStudyReason[]) {
    super('refused');
  }
}

/** The result of a study refused with its reasons (by the import, the batch, or the zip reader). */
export const refusedResult = (
  study: Pick<CompletedStudyImportResult, 'projectId' | 'studyName'>,
  reasons: CompletedStudyReason[],
): CompletedStudyImportResult => ({
  projectId: study.projectId,
  studyName: study.studyName,
  status: 'refused',
  studyId: null,
  studyPlanId: null,
  simRunId: null,
  extractId: null,
  reasons,
});

/** A service's 400 as reasons (its fields, or its message), prefixed with what was being written. */
function reasonsOf(error: HttpError, prefix: string, pathOf: (p: string) => string): CompletedStudyReason[] {
  const fields = error.fields ?? [];
  if (fields.length === 0) return [{ path: null, message: `${prefix} ${error.message}` }];
  return fields.map((f) => ({ path: f.path ? pathOf(f.path) : null, message: `${prefix} ${f.message}` }));
}

/** The plan's rules and site groups, before anything is written (as the plan upload checks a file). */
async function checkPlan(db: Db, s: StudyToImport) {
  const planType = s.plan.overall.studyPlanTypeDetail === 'Duration' ? PLAN_TYPE_DURATION : PLAN_TYPE_RATES;
  const planName = s.plan.studyPlanName ?? IMPORTED_BASELINE_PLAN_NAME;
  const ruleErrors = validateParsedPlan(s.plan, {
    planType,
    typeDetail: planType === PLAN_TYPE_DURATION ? 'Duration' : 'Rates',
    sequential: false,
    planName,
  });
  const resolved = await resolveCountries(db, s.plan, { planType, remodel: false, overrideOffRows: [] });
  const errors = allSheetErrors(s.planSheetErrors ?? [], ruleErrors, resolved.errors);
  return { planType, planName, countries: resolved.countries, errors };
}

/**
 * Imports one completed study all or nothing, in one transaction: the study, its plan written through the plan
 * upload's own services (step 1, countries, step 2), the plan's baseline forecast of record (its run by the
 * engine), the plan set to Baseline Plan (which locks that record as its baseline), and the CTMS extract, each
 * audited, plus one audit row of the import. Refused with every reason found: the plan's rules, a duplicate
 * project code, an extract the extract check refuses, that contradicts the plan or that never started.
 */
export async function importCompletedStudy(
  db: Db,
  user: AuthUser,
  s: StudyToImport,
  o: ImportOptions,
): Promise<CompletedStudyImportResult> {
  const checked = await checkPlan(db, s);
  if (checked.errors.length > 0)
    return refusedResult(
      s.identity,
      checked.errors.map((e) => ({
        path: s.planPath(sheetErrorPath(e)),
        message: `${M.planRefused} ${sheetErrorText(e)}`,
      })),
    );
  const now = o.now ?? Date.now();
  try {
    return await db.transaction(async (tx) => {
      const txDb = tx as unknown as Db;
      const studyId = await insertImportedStudy(tx, s.identity, o.isDemo ?? false);
      if (studyId === null) throw new Refusal([{ path: 'projectId', message: M.alreadyPresent }]);
      const planId = await writeImportedPlan(tx, user, studyId, s, checked);
      const input = await runInput(tx, user, planId);
      const raw = typeof s.extract === 'function' ? s.extract(input) : s.extract;
      const extract = await checkExtract(tx, s, raw, input, now);
      const baseline = await recordBaselineForecast(tx, user, planId, input, o.engine);
      const plan = await readPlanDetail(tx, user, planId);
      await changePlanStatus(txDb, user, studyId, {
        studyId,
        studyPlanId: planId,
        scenarioStatus: BASELINE_STATUS,
        rowVersion: plan.rowVersion,
      });
      const loaded = await step(
        M.extractRefused,
        (p) => p,
        () => loadCtmsExtract(txDb, user, studyId, extract, { source: o.source, pathOf: s.extractPath, now }),
      );
      const extractId = loaded.extract.extractId;
      await writeAudit(tx, user, ...baseline.audit, {
        entity: 'completed_study_import',
        entityId: studyId,
        studyId,
        action: 'create',
        newValues: {
          projectId: s.identity.projectId,
          studyPlanId: planId,
          simRunId: baseline.simRunId,
          extractId,
        },
      });
      return {
        projectId: s.identity.projectId,
        studyName: s.identity.studyName,
        status: 'loaded' as const,
        studyId,
        studyPlanId: planId,
        simRunId: baseline.simRunId,
        extractId,
        reasons: [],
      };
    });
  } catch (error) {
    return refusalOf(error, s.identity);
  }
}

/** The plan of an imported study through the plan upload's own services: step 1, then its countries and step 2. */
async function writeImportedPlan(
  tx: Tx,
  user: AuthUser,
  studyId: number,
  s: StudyToImport,
  checked: Awaited<ReturnType<typeof checkPlan>>,
): Promise<number> {
  const create = {
    ...step1Body(studyId, 0, 0, s.plan),
    studyPlanId: undefined,
    rowVersion: undefined,
    studyPlanType: checked.planType,
    cohortType: 0,
    studyPlanName: checked.planName,
  } as EnrollmentPlanStep1Body;
  return step(M.planRefused, s.planPath, async () => {
    const created = await saveStep1(tx as unknown as Db, user, studyId, create);
    await applyUpload(tx, user, studyId, created.plan.Id, s.plan, checked.countries);
    return created.plan.Id;
  });
}

/** A refused import's result (its reasons), or the error thrown on when it is not a refusal. */
function refusalOf(error: unknown, identity: StudyToImport['identity']): CompletedStudyImportResult {
  if (error instanceof Refusal) return refusedResult(identity, error.reasons);
  if (error instanceof EngineRefusal)
    return refusedResult(
      identity,
      error.reasons.map((r) => ({ path: r.path || null, message: `${M.engineRefused} ${r.message}` })),
    );
  throw error;
}

/** Runs a service step; its 400 refuses the study with its fields as reasons. */
async function step<T>(prefix: string, pathOf: (p: string) => string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 400)
      throw new Refusal(reasonsOf(error, prefix, pathOf));
    throw error;
  }
}

/** The saved plan's engine input, as a run of it would be given (its review rules first). */
async function runInput(tx: Tx, user: AuthUser, planId: number): Promise<SimulationInput> {
  const plan = await readPlanDetail(tx, user, planId);
  const { items, input, notice } = await planRunInput(tx, user, plan);
  if (input && 'plan' in input) return input;
  const errors = items.filter((i) => i.severity === 'error').map((i) => i.message);
  const messages = errors.length > 0 ? errors : [notice ?? 'no engine input'];
  throw new Refusal(messages.map((m) => ({ path: null, message: `${M.planNotRunnable} ${m}` })));
}

/** The extract's own check, then the completed-study rules against the saved plan (check-completed-extract.ts). */
async function checkExtract(tx: Tx, s: StudyToImport, raw: RawExtract, input: SimulationInput, now: number) {
  const checked = checkCtmsExtract(raw, await countryGroupsByIso3(tx as unknown as Db), now);
  if (!checked.ok)
    throw new Refusal(
      checked.errors.map((e) => ({ path: s.extractPath(e), message: `${M.extractRefused} ${e.message}` })),
    );
  const reasons = completedExtractReasons(
    checked.extract,
    {
      countriesIso3: new Set(input.siteGroups.map((g) => g.countryIso3)),
      croProjectStartMillis: input.plan.croProjectStartDateMillis,
    },
    s.extractPath,
  );
  if (reasons.length > 0) throw new Refusal(reasons);
  return raw;
}

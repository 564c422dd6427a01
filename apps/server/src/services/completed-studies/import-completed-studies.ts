import {
  COMPLETED_IMPORT_MESSAGES as M,
  type CompletedStudiesImportBody,
  type CompletedStudiesImportResponse,
  type CompletedStudiesUploadBody,
  type CompletedStudyImportResult,
} from '@predict/shared';
import type { AuthUser } from '../../auth/types';
import type { Db } from '../../db/client';
import { readCompletedStudiesZip } from './read-completed-studies-zip';
import {
  importCompletedStudy,
  refusedResult,
  type ImportOptions,
  type StudyToImport,
} from './import-completed-study';

export interface BatchOptions extends ImportOptions {
  /** Called after each study (the seed prints its progress). */
  onStudy?: (done: number, total: number, result: CompletedStudyImportResult) => void;
}

/**
 * Imports completed studies one after the other, each all or nothing in its own transaction (import-completed-
 * study.ts), so one study's refusal leaves the others loading. A project code that comes twice in the import is
 * refused for every entry (which one is right is for the admin to say). Answers one result per study, in order.
 * The API's thread is given back between studies: each is a few hundred ms of engine and database work.
 */
export async function importCompletedStudies(
  db: Db,
  user: AuthUser,
  studies: readonly (StudyToImport | CompletedStudyImportResult)[],
  o: BatchOptions,
): Promise<CompletedStudiesImportResponse> {
  const counts = new Map<string, number>();
  for (const s of studies) {
    const code = 'identity' in s ? s.identity.projectId : s.projectId;
    counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  const results: CompletedStudyImportResult[] = [];
  for (const s of studies) {
    // An entry already refused while reading the zip (a bad manifest row or file) comes as its result.
    const result = !('identity' in s)
      ? s
      : (counts.get(s.identity.projectId) ?? 0) > 1
        ? refusedResult(s.identity, [{ path: 'projectId', message: M.twiceInFile }])
        : await importCompletedStudy(db, user, s, o);
    results.push(result);
    o.onStudy?.(results.length, studies.length, result);
    await new Promise((resolve) => setImmediate(resolve));
  }
  const loaded = results.filter((r) => r.status === 'loaded').length;
  return {
    message: M.done(loaded, results.length - loaded),
    loaded,
    refused: results.length - loaded,
    results,
  };
}

/** The JSON body's studies, their reasons at JSON paths. */
export function studiesOfBody(body: CompletedStudiesImportBody): StudyToImport[] {
  return body.studies.map((item, i) => ({
    identity: item.study,
    plan: item.plan,
    extract: item.extract,
    planPath: (cell) => `studies.${i}.plan (${cell})`,
    extractPath: (e) => `studies.${i}.extract.${e.path.join('.')}`,
  }));
}

/** POST /ctpo/admin/completed-studies/import. */
export function importCompletedStudiesJson(
  db: Db,
  user: AuthUser,
  body: CompletedStudiesImportBody,
): Promise<CompletedStudiesImportResponse> {
  return importCompletedStudies(db, user, studiesOfBody(body), { source: 'api' });
}

/** POST /ctpo/admin/completed-studies/upload: the zip checked and read (read-completed-studies-zip.ts), then imported. */
export async function uploadCompletedStudies(
  db: Db,
  user: AuthUser,
  body: CompletedStudiesUploadBody,
): Promise<CompletedStudiesImportResponse> {
  const studies = await readCompletedStudiesZip(body.fileName, body.fileBase64);
  return importCompletedStudies(db, user, studies, { source: 'upload' });
}

import { readFileSync } from 'node:fs';
import type { Db } from '../../db/client';
import { ensureAssessmentNames } from '../../repositories/soe-extras-repository';

const NAMES_FILE = new URL('../../seed/soe-assessment-names.json', import.meta.url);

/** Loads the assessment-name reference list (spec/2 section 3); names already stored are left alone. */
export async function ensureSoeReferenceData(db: Db): Promise<void> {
  const rows = JSON.parse(readFileSync(NAMES_FILE, 'utf8')) as {
    assessmentName: string;
    assessmentType: string;
  }[];
  await ensureAssessmentNames(db, rows);
}

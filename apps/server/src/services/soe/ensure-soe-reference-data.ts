import type { Db } from '../../db/client';
import { ensureAssessmentNames } from '../../repositories/soe-extras-repository';
import assessmentNames from '../../seed/soe-assessment-names.json';

/** Loads the assessment-name reference list (spec/2 section 3); names already stored are left alone. */
export async function ensureSoeReferenceData(db: Db): Promise<void> {
  await ensureAssessmentNames(db, assessmentNames);
}

import { NO_EXTRACT_MESSAGE } from '@predict/shared';

/** The shared no-extract message with this study's id in the integration route it names. */
export const noExtractMessage = (studyId: number) => NO_EXTRACT_MESSAGE.replace('{studyId}', String(studyId));

/** Read-only users cannot upload: they are told who can (design/actuals.md section 2: the way forward). */
export const NO_EXTRACT_READ_ONLY_MESSAGE =
  'No CTMS extract has been loaded for this study yet. A planner can upload it with IMPORT ACTUALS on this page.';

/** Why REMODEL and VIEW SITE LIST are disabled (spec/3 section 4). */
export const GATED_HINT = 'Available 24 hours after the CTMS extract\u2019s as-of time.';

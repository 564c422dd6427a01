import type { SoeAssessment, SoeVisit } from '@predict/shared';

const nonZero = (n: number | null | undefined) => n !== null && n !== undefined && n !== 0;

/**
 * True when the SOE's study-level rows already carry cost data (spec/2 section 5: a visit cost, overhead percent,
 * assessment cost or overhead that is not zero): the Upload ePrice dialog then shows the cost-detected text before
 * any file is sent. Country and site values are checked by the server, which refuses with the same text.
 */
export const studyShowsCosts = (visits: readonly SoeVisit[], assessments: readonly SoeAssessment[]) =>
  visits.some((v) => nonZero(v.visitCost) || nonZero(v.visitOverheadPct)) ||
  assessments.some((a) => nonZero(a.assessmentCost) || nonZero(a.overhead));

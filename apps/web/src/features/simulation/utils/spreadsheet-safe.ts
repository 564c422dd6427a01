import { formatLocalIsoDay } from '@/lib/format';

/** Characters that are not allowed in file names on common systems, and control characters. */
// eslint-disable-next-line no-control-regex
const UNSAFE_FILE_CHARS = /[\\/:*?"<>|\u0000-\u001f]+/g;

export function safeFileNamePart(part: string): string {
  return part.replace(UNSAFE_FILE_CHARS, '_').replace(/\s+/g, ' ').trim();
}

/**
 * The table export's file name (spec/1 section 9: from sponsor, plan name, date, project id and study id):
 * `${sponsor}_${planName}_${YYYY-MM-DD}_${projectId}_${studyId}.xlsx`, the date being the user's local day.
 */
export function tablesExportFileName(
  plan: { sponsorName: string; studyPlanName: string; projectId: string; studyId: number },
  now: Date = new Date(),
): string {
  const parts = [
    plan.sponsorName,
    plan.studyPlanName,
    formatLocalIsoDay(now),
    plan.projectId,
    String(plan.studyId),
  ];
  return `${parts.map(safeFileNamePart).join('_')}.xlsx`;
}

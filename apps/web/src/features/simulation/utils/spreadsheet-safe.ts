import { exportFileName } from '@predict/shared';
import { formatLocalIsoDay } from '@/lib/format';

/**
 * The table export's file name (spec/1 section 9: from sponsor, plan name, date, project id and study id):
 * `${sponsor}_${planName}_${YYYY-MM-DD}_${projectId}_${studyId}.xlsx`, the date being the user's local day.
 */
export function tablesExportFileName(
  plan: { sponsorName: string; studyPlanName: string; projectId: string; studyId: number },
  now: Date = new Date(),
): string {
  return exportFileName([
    plan.sponsorName,
    plan.studyPlanName,
    formatLocalIsoDay(now),
    plan.projectId,
    String(plan.studyId),
  ]);
}

import { EPRICE_STATUS, type SheetIssue } from '@predict/shared';
import type { EpriceCounts } from './eprice-save-body';

const issueText = (i: SheetIssue) => (i.cell ? `${i.cell}: ${i.message}` : i.message);
/** Sheet issues as one text, each at its cell. */
export const issuesText = (issues: readonly SheetIssue[]) => issues.map(issueText).join(' ');

/** The final uploadStatus of a refused file: 'Upload failed: ' and the reason (spec/2 section 8 texts). */
export const failedStatus = (reason: string) => EPRICE_STATUS.failed(reason);

/** The final uploadStatus of an applied file: what was applied, then each warning. */
export function succeededStatus(
  target: { predict: boolean; budgetvue: boolean },
  counts: EpriceCounts | null,
  warnings: readonly SheetIssue[],
): string {
  const parts: string[] = [];
  if (target.predict && counts)
    parts.push(
      `Applied ${counts.visitCosts} visit costs, ${counts.assessmentCosts} assessment costs and ` +
        `${counts.siteCosts} site costs.`,
    );
  if (target.budgetvue) parts.push('Queued for BudgetVue.');
  if (warnings.length > 0) parts.push(`Warnings: ${issuesText(warnings)}`);
  return EPRICE_STATUS.succeeded(parts.join(' '));
}

/** True while an upload of the SOE is queued or being processed (its status is one of the short ones). */
export const epriceUploadInProgress = (status: string | null) =>
  status === EPRICE_STATUS.queued || status === EPRICE_STATUS.processing;

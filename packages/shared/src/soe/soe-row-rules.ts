import { isGridAssessmentType, UNSCHEDULED_VISIT_CATEGORY } from './constants';
import { SOE_MESSAGES as M } from './messages';

/** What the cross-row rules read of a visit / assessment row (form rows and save rows alike). */
export interface VisitRowLike {
  visitName: string | null;
  visitCategory: string | null;
  visitStudyDay: number | null;
  visitIntervalType: string;
}
export interface AssessmentRowLike {
  assessmentName: string | null;
  assessmentType: string | null;
  assessmentCost: number | null;
  overhead?: number;
  exclude?: number;
  ipAdministered?: number;
}

/** The flags a site-cost assessment (a site fee, not in the grid) cannot carry (spec/2 section 5). */
export const SITE_COST_REFUSED_FLAGS = ['overhead', 'exclude', 'ipAdministered'] as const;

/**
 * The row with those flags cleared when its type is a site-cost type, else the row itself: what the editor does when
 * a row becomes a site fee, and what it does to rows saved before the server refused such flags (their checkboxes
 * are disabled, so the user could not clear them).
 */
export function withoutSiteCostFlags<R extends AssessmentRowLike>(row: R): R {
  if (!row.assessmentType || isGridAssessmentType(row.assessmentType)) return row;
  if (SITE_COST_REFUSED_FLAGS.every((f) => !row[f])) return row;
  return { ...row, overhead: 0, exclude: 0, ipAdministered: 0 };
}

export interface SoeRowIssue {
  path: (string | number)[];
  message: string;
}

const nameKey = (name: string | null) => (name ?? '').trim().toLowerCase();

function duplicates(names: (string | null)[]): Set<string> {
  const seen = new Map<string, number>();
  for (const n of names) if (nameKey(n)) seen.set(nameKey(n), (seen.get(nameKey(n)) ?? 0) + 1);
  return new Set([...seen].filter(([, count]) => count > 1).map(([name]) => name));
}

/**
 * The editor's row rules of spec/2 section 5 (required category, name unique within the list ignoring case and
 * surrounding spaces, study day unless Unscheduled; assessment type, unique name, cost; no overhead, exclude or IP
 * flag on a site-cost type, whose checkboxes the editor disables), one issue per row and field.
 */
export function soeRowIssues(visits: VisitRowLike[], assessments: AssessmentRowLike[]): SoeRowIssue[] {
  const issues: SoeRowIssue[] = [];
  const dupVisits = duplicates(visits.map((v) => v.visitName));
  visits.forEach((v, i) => {
    if (!v.visitCategory)
      issues.push({ path: ['visits', i, 'visitCategory'], message: M.visitCategoryRequired });
    if (!nameKey(v.visitName) || dupVisits.has(nameKey(v.visitName)))
      issues.push({ path: ['visits', i, 'visitName'], message: M.visitNameRequired });
    if (v.visitCategory !== UNSCHEDULED_VISIT_CATEGORY && v.visitStudyDay === null)
      issues.push({
        path: ['visits', i, 'visitStudyDay'],
        message: M.visitStudyDayRequired(v.visitIntervalType),
      });
  });
  const dupAssessments = duplicates(assessments.map((a) => a.assessmentName));
  assessments.forEach((a, i) => {
    if (!a.assessmentType)
      issues.push({ path: ['assessments', i, 'assessmentType'], message: M.assessmentTypeRequired });
    if (!nameKey(a.assessmentName) || dupAssessments.has(nameKey(a.assessmentName)))
      issues.push({ path: ['assessments', i, 'assessmentName'], message: M.assessmentNameRequired });
    if (a.assessmentCost === null)
      issues.push({ path: ['assessments', i, 'assessmentCost'], message: M.assessmentCostRequired });
    if (a.assessmentType && !isGridAssessmentType(a.assessmentType))
      for (const flag of SITE_COST_REFUSED_FLAGS)
        if (a[flag] === 1) issues.push({ path: ['assessments', i, flag], message: M.siteCostFlags });
  });
  return issues;
}

/** The error list of the editor: each message once with how many rows have it (the badge shows counts above 1). */
export function summarizeSoeIssues(issues: { message: string }[]): { message: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const issue of issues) counts.set(issue.message, (counts.get(issue.message) ?? 0) + 1);
  return [...counts].map(([message, count]) => ({ message, count }));
}

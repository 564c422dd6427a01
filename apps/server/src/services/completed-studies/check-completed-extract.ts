import {
  COMPLETED_IMPORT_MESSAGES as M,
  type CompletedStudyReason,
  type CtmsExtractBody,
} from '@predict/shared';
import type { ExtractError } from '../actuals/check-ctms-extract';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** A calendar day as the screens write it (DD-MMM-YYYY). */
const dayText = (isoDay: string) =>
  `${isoDay.slice(8, 10)}-${MONTHS[Number(isoDay.slice(5, 7)) - 1]}-${isoDay.slice(0, 4)}`;

/**
 * The rules an extract of a completed study meets beyond the extract's own (check-ctms-extract.ts): it agrees with
 * its baseline plan (every site in one of the plan's countries; no site activated before the plan's CRO project
 * start) and it started (a site activated and a patient enrolled). Each breach is a reason at its row.
 */
export function completedExtractReasons(
  extract: Pick<CtmsExtractBody, 'sites' | 'siteMonths'>,
  plan: { countriesIso3: ReadonlySet<string>; croProjectStartMillis: number },
  pathOf: (e: ExtractError) => string,
): CompletedStudyReason[] {
  const reasons: CompletedStudyReason[] = [];
  const start = new Date(plan.croProjectStartMillis).toISOString().slice(0, 10);
  extract.sites.forEach((s, i) => {
    if (!plan.countriesIso3.has(s.countryIso3))
      reasons.push({
        path: pathOf({ path: ['sites', i, 'countryIso3'], message: '' }),
        message: M.countryNotInPlan(s.siteNumber, s.countryIso3),
      });
    const activated = s.siteActivatedDate ?? null;
    if (activated !== null && activated < start)
      reasons.push({
        path: pathOf({ path: ['sites', i, 'siteActivatedDate'], message: '' }),
        message: M.activatedBeforeStart(s.siteNumber, dayText(activated), dayText(start)),
      });
  });
  if (!extract.sites.some((s) => s.siteActivatedDate)) reasons.push({ path: null, message: M.noActivation });
  if (!extract.siteMonths.some((m) => (m.enrolled ?? 0) > 0))
    reasons.push({ path: null, message: M.noPatient });
  return reasons;
}

import {
  checkNumber,
  PLAN_TYPE_DURATION,
  REQUIRED_MESSAGE,
  UPPER_BELOW_LOWER_MESSAGE,
} from '@predict/shared';
import { badRequest, INVALID_REQUEST_MESSAGE } from '../../../http-errors';

export interface SitesBoundsInput {
  lower: number | null;
  upper: number | null;
  lowerPath: string;
  upperPath: string;
}

/**
 * Add / Edit Country bounds (spec/1 section 5): the lower bound always, the upper bound in scenario B; both whole
 * numbers >= 1, upper not below lower. Throws the 400 with each field's message.
 */
export function requireSiteBounds(
  planType: number,
  sites: SitesBoundsInput[],
  required: Record<string, unknown>,
) {
  const fields: { path: string; message: string }[] = [];
  for (const s of sites) {
    const low = checkNumber(s.lower, { integer: true, min: 1, required: true });
    const high = checkNumber(s.upper, { integer: true, min: 1, required: planType === PLAN_TYPE_DURATION });
    if (low.message) fields.push({ path: s.lowerPath, message: low.message });
    if (high.message) fields.push({ path: s.upperPath, message: high.message });
    else if (low.value !== undefined && high.value !== undefined && high.value < low.value)
      fields.push({ path: s.upperPath, message: UPPER_BELOW_LOWER_MESSAGE });
  }
  for (const [path, value] of Object.entries(required))
    if (value === null || value === undefined) fields.push({ path, message: REQUIRED_MESSAGE });
  if (fields.length > 0) throw badRequest(INVALID_REQUEST_MESSAGE, fields);
}

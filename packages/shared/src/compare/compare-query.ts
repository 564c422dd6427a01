import { z } from 'zod';
import { ID_MAX } from '../schemas/safe-input';
import { COMPARE_MAX_PLANS, COMPARE_MESSAGES as M, COMPARE_MIN_PLANS } from './messages';

/** Longer than any list of four ids (10 digits each) with commas and blanks. */
const PLANS_TEXT_MAX = 200;

/**
 * `plans`: 2 to 4 plan ids, comma separated, each once, in the order the comparison shows them (the first is the
 * one the others are compared with). One message, naming the first bad item.
 */
export const ComparePlansParam = z
  .string({ error: M.count })
  .max(PLANS_TEXT_MAX, { error: M.count })
  .transform((text, ctx) => {
    if (text.trim() === '') {
      ctx.addIssue({ code: 'custom', message: M.count });
      return z.NEVER;
    }
    const items = text.split(',').map((item) => item.trim());
    const ids: number[] = [];
    for (const item of items) {
      const id = /^\d{1,10}$/.test(item) ? Number(item) : NaN;
      if (!(id >= 1 && id <= ID_MAX)) {
        ctx.addIssue({ code: 'custom', message: M.notAnId(item) });
        return z.NEVER;
      }
      if (ids.includes(id)) {
        ctx.addIssue({ code: 'custom', message: M.duplicate(id) });
        return z.NEVER;
      }
      ids.push(id);
    }
    if (ids.length < COMPARE_MIN_PLANS || ids.length > COMPARE_MAX_PLANS) {
      ctx.addIssue({ code: 'custom', message: M.count });
      return z.NEVER;
    }
    return ids;
  })
  .meta({
    description: `${COMPARE_MIN_PLANS} to ${COMPARE_MAX_PLANS} plan ids of the study, comma separated, e.g. 12,15,17`,
  });

export const CompareQuery = z.object({ plans: ComparePlansParam });
export type CompareQuery = z.output<typeof CompareQuery>;

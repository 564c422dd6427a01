import { z } from 'zod';
import { INTEGER_MESSAGE, minMessage, REQUIRED_MESSAGE } from './messages';

/**
 * The version of the plan a write was based on (optimistic concurrency): every plan write body carries it, and the
 * server answers 409 with the current version when it is older. Missing reads "Can't be empty." at body.rowVersion.
 */
export const RowVersion = z
  .number({ error: (issue) => (issue.input === undefined ? REQUIRED_MESSAGE : INTEGER_MESSAGE) })
  .int({ error: INTEGER_MESSAGE })
  .min(1, { error: minMessage(1) })
  .max(2_147_483_647, { error: 'Has to be at most 2147483647.' });

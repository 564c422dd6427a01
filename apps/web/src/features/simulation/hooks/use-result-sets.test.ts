import { COHORT_RESULT_SETS, ORDINARY_RESULT_SETS } from '@predict/shared';
import { describe, expect, it } from 'vitest';
import { resultSetNames } from './use-result-sets';

describe('resultSetNames', () => {
  it('loads 13 sets for a plain plan, 20 for a sequential cohort plan, 14 for a combination', () => {
    expect(resultSetNames(false)).toEqual(ORDINARY_RESULT_SETS);
    expect(resultSetNames(true)).toEqual([...ORDINARY_RESULT_SETS, ...COHORT_RESULT_SETS]);
    // A combination's Timeline Overview is its cohortTimelineChart set.
    expect(resultSetNames(false, true)).toEqual([...ORDINARY_RESULT_SETS, 'cohortTimelineChart']);
  });
});

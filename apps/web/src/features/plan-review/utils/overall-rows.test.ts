import { describe, expect, it } from 'vitest';
import { planFixture } from '@/features/plan-shell/test/plan-shell-test-utils';
import { overallInputRows } from './overall-rows';

describe('overallInputRows', () => {
  it('shows a duration with its unit, and an empty one as a bare dash', () => {
    const rows = new Map(overallInputRows(planFixture({ treatmentDuration: 180, followUpDuration: null })));
    expect(rows.get('Treatment Duration')).toBe('180 days');
    expect(rows.get('Follow-up Duration')).toBe('—');
  });
});

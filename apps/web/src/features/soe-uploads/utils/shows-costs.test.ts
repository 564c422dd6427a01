import { describe, expect, it } from 'vitest';
import { assessment, visit } from '@/features/soe-editor/test/soe-editor-fixtures';
import { studyShowsCosts } from './shows-costs';

describe('studyShowsCosts', () => {
  const v = visit(1, 'Screening', 1);
  const a = assessment(2, 'ECG', 1);
  it('is false for rows without costs, null or zero', () => {
    expect(studyShowsCosts([v, { ...v, visitCost: 0, visitOverheadPct: 0 }], [a])).toBe(false);
  });
  it.each([
    ['a visit cost', [{ ...v, visitCost: 12.5 }], [a]],
    ['a visit overhead percent', [{ ...v, visitOverheadPct: 10 }], [a]],
    ['an assessment cost', [v], [{ ...a, assessmentCost: 80 }]],
    ['an assessment overhead', [v], [{ ...a, overhead: 1 as const }]],
  ])('is true for %s', (_, visits, assessments) => {
    expect(studyShowsCosts(visits, assessments)).toBe(true);
  });
});

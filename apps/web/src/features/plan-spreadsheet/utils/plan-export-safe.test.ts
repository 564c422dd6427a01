import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formulaLikeText } from '@/test/formula-text';
import { isSafeCellText, planToSheetValues, restoreText } from '@predict/shared';
import { step2Plan } from '@/features/plan-countries/test/plan-countries-fixtures';

const text = formulaLikeText;

describe('EXPORT PLAN: every text cell is neutralised', () => {
  it('holds for the study, plan, site group names and milestone comments, and they read back unchanged', () => {
    fc.assert(
      fc.property(text, text, text, text, (studyName, projectId, groupName, comment) => {
        const plan = step2Plan({ studyName, projectId });
        const group = plan.countries[0]!.siteGroups[0]!;
        group.siteGroupName = groupName;
        group.milestones = group.milestones.map((m) => ({ ...m, comments: comment }));
        const values = planToSheetValues(plan);
        const cells = [
          ...Object.values(values.overall),
          ...values.countries.flatMap((r) => Object.values(r)),
        ];
        const written = cells.filter((v): v is string => typeof v === 'string');
        for (const cell of written) expect(isSafeCellText(cell), JSON.stringify(cell)).toBe(true);
        for (const input of [studyName, projectId, groupName, comment])
          expect(written.map(restoreText)).toContain(input);
      }),
      { numRuns: 300 },
    );
  });
});

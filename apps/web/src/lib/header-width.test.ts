import { describe, expect, it } from 'vitest';
import { compactHeaderWidth } from './header-width';

describe('compactHeaderWidth', () => {
  it('is the least width at which the header wraps into three lines (without a canvas, 7.8 px a character)', () => {
    // 'Regulatory / Approval / Duration (days)' needs 15 characters a line; at 14 'Duration' and '(days)' part.
    expect(compactHeaderWidth('Regulatory Approval Duration (days)')).toBe(Math.ceil(15 * 7.8));
  });

  it('never goes below the longest word, and a short header keeps one line', () => {
    expect(compactHeaderWidth('P10')).toBe(Math.ceil(3 * 7.8));
    expect(compactHeaderWidth('Opportunity Stage')).toBe(Math.ceil(11 * 7.8));
  });

  it('takes fewer lines and a smaller font into account', () => {
    // One line: the whole header, 14 characters; 13 px text is 13/14 as wide.
    expect(compactHeaderWidth('SOE Clin Strat', 1)).toBe(Math.ceil(14 * 7.8));
    expect(compactHeaderWidth('SOE Clin Strat', 1, 13)).toBe(Math.ceil((14 * 7.8 * 13) / 14));
  });
});

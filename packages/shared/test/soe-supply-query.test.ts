import { describe, expect, it } from 'vitest';
import { SOE_FORECAST_MESSAGES as M, SoeSupplyQuery } from '../src';

const errors = (query: Record<string, string>) => {
  const r = SoeSupplyQuery.safeParse(query);
  return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('the IP supply query', () => {
  it('defaults to P90, 8 weeks and 2 kits per site, and reads the query string as numbers', () => {
    expect(SoeSupplyQuery.parse({})).toEqual({ confidence: 0.9, leadWeeks: 8, siteStock: 2 });
    expect(SoeSupplyQuery.parse({ confidence: '0.5', leadWeeks: '0', siteStock: '0' })).toEqual({
      confidence: 0.5,
      leadWeeks: 0,
      siteStock: 0,
    });
  });

  it('takes a confidence strictly inside (0, 1) and whole lead weeks and kits in range, one message per field', () => {
    for (const confidence of ['0', '1', '-0.2', '2', 'x', ''])
      expect(errors({ confidence })).toEqual([['confidence', M.supplyConfidence]]);
    expect(errors({ confidence: '0.999' })).toEqual([]);
    for (const leadWeeks of ['-1', '1.5', '105', 'x'])
      expect(errors({ leadWeeks })).toEqual([['leadWeeks', M.supplyLeadWeeks]]);
    expect(errors({ leadWeeks: '104', siteStock: '1000' })).toEqual([]);
    for (const siteStock of ['-1', '0.5', '1001'])
      expect(errors({ siteStock })).toEqual([['siteStock', M.supplySiteStock]]);
  });
});

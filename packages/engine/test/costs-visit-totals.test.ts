import { describe, expect, it } from 'vitest';
import { computeVisitTotals, resolveLevel, type SoeCostInput, type VisitTotals } from '../src';
import { fra, site5, smallSoe } from './costs-fixtures';

const STUDY = { siteGroupId: 0, siteId: 1 };
const FRA = { siteGroupId: 1, siteId: 1 };
const SITE5 = { siteGroupId: 1, siteId: 5 };
const byName = (rows: VisitTotals[], name: string) => rows.find((r) => r.visitName === name)!;

describe('computeVisitTotals, hand-computed', () => {
  it('study level (USD)', () => {
    const rows = computeVisitTotals(smallSoe(), STUDY);
    // Screening: ECG 1 x 100.00 + Lab 2 x 25.50 = 151.00; overhead 10 % of the ECG only = 10.00; + 50.00 fixed.
    expect(byName(rows, 'Screening')).toEqual({
      visitId: 1,
      visitName: 'Screening',
      assessmentCount: 4, // 1 + 2 + the excluded kit's 1
      assessmentCostCents: 15100,
      visitOverheadCents: 1000,
      totalVisitCostCents: 21100,
      uniqueCrfs: 1,
      nonUniqueCrfs: 1,
      excludeCostCents: 4000,
      contractTotal: false,
      exact: { assessmentCost: 15100, totalVisitCost: 21100, excludeCost: 4000 },
    });
    // Week 2: ECG 1.5 x 100.00 + Lab 25.50 = 175.50; 12.5 % of 150.00 = 18.75; no fixed cost; site fee ignored.
    expect(byName(rows, 'Week 2')).toMatchObject({
      assessmentCount: 2.5,
      assessmentCostCents: 17550,
      visitOverheadCents: 1875,
      totalVisitCostCents: 19425,
      excludeCostCents: 0,
    });
    expect(byName(rows, 'Follow-up')).toMatchObject({
      assessmentCount: 1,
      assessmentCostCents: 2550,
      visitOverheadCents: 0,
      totalVisitCostCents: 2550,
      uniqueCrfs: 1,
      nonUniqueCrfs: 0,
    });
  });

  it('country level (EUR at 0.92): own values, the rest inherited and converted', () => {
    const rows = computeVisitTotals(smallSoe(), FRA);
    // Lab inherited: 25.50 USD = 23.46 EUR; kit 40.00 USD = 36.80 EUR; screening fixed 50.00 USD = 46.00 EUR.
    // Screening: 92.00 + 2 x 23.46 = 138.92; overhead 20 % x 92.00 = 18.40; total 138.92 + 18.40 + 46.00 = 203.32.
    expect(byName(rows, 'Screening')).toMatchObject({
      assessmentCostCents: 13892,
      visitOverheadCents: 1840,
      totalVisitCostCents: 20332,
      excludeCostCents: 3680,
    });
    // Week 2: 1.5 x 92.00 + 23.46 = 161.46; 12.5 % of 138.00 = 17.25; + 10.00 own fixed = 188.71.
    expect(byName(rows, 'Week 2')).toMatchObject({
      assessmentCostCents: 16146,
      visitOverheadCents: 1725,
      totalVisitCostCents: 18871,
    });
  });

  it('site level: the contract visit total replaces the computed one; other visits compute from inherited values', () => {
    const rows = computeVisitTotals(smallSoe(), SITE5);
    expect(byName(rows, 'Screening')).toMatchObject({
      assessmentCostCents: 9200 + 2 * 3000,
      visitOverheadCents: 1840,
      totalVisitCostCents: 25000,
      contractTotal: true,
    });
    // Week 2: 1.5 x 92.00 + 30.00 = 168.00; overhead 17.25; country fixed 10.00 -> 195.25.
    expect(byName(rows, 'Week 2')).toMatchObject({ totalVisitCostCents: 19525, contractTotal: false });
  });

  it('a visit total set at country level is ignored (contract totals are site values)', () => {
    const input = smallSoe([fra({ visits: [{ visitId: 1, overheadPct: 20, visitCostTotalCents: 1 }] })]);
    expect(byName(computeVisitTotals(input, FRA), 'Screening').totalVisitCostCents).toBe(20332);
  });
});

describe('inheritance: site <- country <- study, unset inherits', () => {
  it('reports the source of every value', () => {
    const site = resolveLevel(smallSoe(), SITE5);
    expect(site.contract).toBe(true);
    expect(site.currency.currency).toBe('EUR');
    expect(site.visits.map((v) => [v.overheadPctSource, v.visitCostSource])).toEqual([
      ['country', 'study'],
      ['study', 'country'],
      ['study', 'study'],
    ]);
    expect(site.assessments.map((a) => [a.assessmentId, a.source, a.costCents])).toEqual([
      [1, 'country', 9200],
      [2, 'site', 3000],
      [3, 'study', 3680],
      [4, 'study', 460000],
    ]);
  });

  it('site overrides country overrides study; null and absent values inherit', () => {
    const input = smallSoe([
      fra({ currency: null, exchangeRate: null, visits: [{ visitId: 2, overheadPct: 50 }] }),
      site5({ visits: [{ visitId: 2, overheadPct: null, visitCostTotalCents: null }], assessments: [] }),
      {
        ...site5({ siteId: 6, label: 'Site 1002' }),
        visits: [{ visitId: 2, overheadPct: 0 }],
        assessments: [],
      },
    ]);
    const pct = (key: { siteGroupId: number; siteId: number }) =>
      resolveLevel(input, key).visits.find((v) => v.visitId === 2)!.overheadPct;
    expect(pct(STUDY)).toBe(12.5);
    expect(pct(FRA)).toBe(50);
    expect(pct(SITE5)).toBe(50); // null inherits the country's
    expect(pct({ siteGroupId: 1, siteId: 6 })).toBe(0); // 0 is a value, not unset
    expect(pct({ siteGroupId: 1, siteId: 9 })).toBe(50); // a site without an entry uses its country's values
    expect(resolveLevel(input, { siteGroupId: 1, siteId: 9 }).contract).toBe(false);
    expect(pct({ siteGroupId: 2, siteId: 1 })).toBe(12.5); // a country without an entry uses the study's
  });
});

describe('rules', () => {
  const withCosts = (exclude: boolean, overhead: boolean): SoeCostInput => ({
    ...smallSoe([]),
    assessments: [{ assessmentId: 1, name: 'X', type: 'Procedure', costCents: 12345, overhead, exclude }],
    mapping: [{ visitId: 1, assessmentId: 1, multiplier: 3, uniqueNonUnique: null }],
  });

  it('an excluded assessment is never in Assessment Cost, Visit Overhead or Total Visit Cost', () => {
    const row = byName(computeVisitTotals(withCosts(true, true), STUDY), 'Screening');
    expect(row).toMatchObject({ assessmentCostCents: 0, visitOverheadCents: 0, totalVisitCostCents: 5000 });
    expect(row.excludeCostCents).toBe(3 * 12345);
  });

  it('overhead applies only to overhead = 1 assessments', () => {
    expect(byName(computeVisitTotals(withCosts(false, false), STUDY), 'Screening').visitOverheadCents).toBe(
      0,
    );
    expect(byName(computeVisitTotals(withCosts(false, true), STUDY), 'Screening').visitOverheadCents).toBe(
      3704,
    ); // 10 % of 370.35
  });

  it('rounds each cent amount once, half-up, from exact decimal products', () => {
    const input: SoeCostInput = {
      ...smallSoe([]),
      visits: [
        {
          visitId: 1,
          visitName: 'V',
          category: 'Treatment',
          studyDay: 1,
          overheadPct: 10,
          visitCostCents: 0,
        },
      ],
      assessments: [
        { assessmentId: 1, name: 'X', type: 'Procedure', costCents: 350, overhead: true, exclude: false },
      ],
      mapping: [{ visitId: 1, assessmentId: 1, multiplier: 1.13, uniqueNonUnique: null }],
    };
    // 1.13 x 350 = 395.5 -> 396 (not 395 from 395.49999...); overhead 10 % of 395.5 = 39.55 -> 40. The total is
    // rounded once from the exact 395.5 + 39.55 = 435.05 -> 435 (formerly 396 + 40 = 436, rounding twice); the
    // forecast costs the exact 435.05 per occurrence.
    expect(computeVisitTotals(input, STUDY)[0]).toMatchObject({
      assessmentCostCents: 396,
      visitOverheadCents: 40,
      totalVisitCostCents: 435,
      exact: { assessmentCost: 395.5, totalVisitCost: 435.05 },
    });
  });

  it('a multiplier of 0 counts a ticked cell as a CRF but costs nothing', () => {
    const input: SoeCostInput = {
      ...smallSoe([]),
      mapping: [{ visitId: 3, assessmentId: 2, multiplier: 0, uniqueNonUnique: 'N' }],
    };
    expect(byName(computeVisitTotals(input, STUDY), 'Follow-up')).toMatchObject({
      assessmentCount: 0,
      assessmentCostCents: 0,
      nonUniqueCrfs: 1,
    });
  });

  it('a non-finite cost or multiplier counts 0 instead of poisoning the totals', () => {
    const input: SoeCostInput = {
      ...smallSoe([]),
      assessments: [
        { assessmentId: 1, name: 'X', type: 'Procedure', costCents: NaN, overhead: true, exclude: false },
      ],
      mapping: [
        { visitId: 1, assessmentId: 1, multiplier: Infinity, uniqueNonUnique: null },
        { visitId: 2, assessmentId: 1, multiplier: 2, uniqueNonUnique: null },
      ],
    };
    const rows = computeVisitTotals(input, STUDY);
    expect(rows.map((r) => r.totalVisitCostCents)).toEqual([5000, 0, 0]);
    expect(rows[0]!.assessmentCount).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import {
  multiplierOf,
  SOE_MESSAGES,
  SoeSaveBody,
  soeRowIssues,
  withoutSiteCostFlags,
  type SoeSaveInput,
} from '../src';

/** spec/2 section 5's number rules, as both the editor (before it sends) and the server apply them. */

const row = {
  scheduleOfEventsAssessmentId: null,
  assessmentKey: 'a-1',
  assessmentType: 'Procedure' as const,
  assessmentName: 'Site Initiation Fee',
  assessmentNameMapping: null,
  assessmentCost: 100,
  overhead: 0 as const,
  exclude: 0 as const,
  ipAdministered: 0 as const,
  commentsAssessment: null,
  commentsCost: null,
  commentsClinicalStrategy: null,
  commentsDataManagement: null,
};
const cell = (multiplier: unknown) => ({
  visitKey: '1',
  assessmentKey: '2',
  mappingAssessmentVisit: 1 as const,
  multiplier: multiplier as number,
  uniqueNonUniqueForm: null,
});
const parse = (body: SoeSaveInput) => SoeSaveBody.safeParse(body);
const messages = (body: SoeSaveInput) => {
  const r = parse(body);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('numbers with more than 2 decimals', () => {
  it('are rounded to 2 decimals, half away from zero, not refused', () => {
    const r = SoeSaveBody.parse({
      version: 1,
      assessments: [{ ...row, assessmentCost: 1.234 }],
      visitLevelValues: [
        {
          visitKey: '5',
          siteGroupId: 3,
          siteId: 1,
          visitOverheadPct: 12.345,
          visitCost: 0.005,
          visitCostTotal: null,
        },
      ],
      assessmentLevelValues: [{ assessmentKey: '2', siteGroupId: 3, siteId: 1, assessmentCost: 19.999 }],
      mapping: [cell(1.255)],
    });
    expect(r.assessments![0]!.assessmentCost).toBe(1.23);
    expect(r.visitLevelValues![0]).toMatchObject({ visitOverheadPct: 12.35, visitCost: 0.01 });
    expect(r.assessmentLevelValues![0]!.assessmentCost).toBe(20);
    expect(r.mapping![0]!.multiplier).toBe(1.26);
  });

  it('are refused when the rounded value is out of range', () => {
    // 99,999,999.994 rounds to the largest 8-digit amount; .995 rounds to 100,000,000.00: 9 digits.
    expect(messages({ version: 1, assessments: [{ ...row, assessmentCost: 99_999_999.994 }] })).toEqual([]);
    expect(messages({ version: 1, assessments: [{ ...row, assessmentCost: 99_999_999.995 }] })).toEqual([
      `assessments.0.assessmentCost: ${SOE_MESSAGES.cost}`,
    ]);
  });
});

describe('a 9-digit assessment cost', () => {
  it('has the cost message, not the "required" one (which stays for a missing cost)', () => {
    expect(messages({ version: 1, assessments: [{ ...row, assessmentCost: 123_456_789 }] })).toEqual([
      `assessments.0.assessmentCost: ${SOE_MESSAGES.cost}`,
    ]);
    expect(messages({ version: 1, assessments: [{ ...row, assessmentCost: null }] })).toEqual([
      `assessments.0.assessmentCost: ${SOE_MESSAGES.assessmentCostRequired}`,
    ]);
  });
});

describe('site-cost assessments', () => {
  const fee = { ...row, assessmentType: '1x at Activation' as const };

  it('refuse overhead, exclude and IP administered, each at its field', () => {
    expect(messages({ version: 1, assessments: [{ ...fee, overhead: 1 }] })).toEqual([
      `assessments.0.overhead: ${SOE_MESSAGES.siteCostFlags}`,
    ]);
    expect(
      soeRowIssues([], [{ ...fee, assessmentType: 'Recurring Monthly', exclude: 1, ipAdministered: 1 }]),
    ).toEqual([
      { path: ['assessments', 0, 'exclude'], message: SOE_MESSAGES.siteCostFlags },
      { path: ['assessments', 0, 'ipAdministered'], message: SOE_MESSAGES.siteCostFlags },
    ]);
    // Grid types keep their flags.
    expect(
      messages({ version: 1, assessments: [{ ...row, overhead: 1, exclude: 1, ipAdministered: 1 }] }),
    ).toEqual([]);
  });

  it('lose the flags with withoutSiteCostFlags (grid rows are returned as they are)', () => {
    expect(withoutSiteCostFlags({ ...fee, overhead: 1, ipAdministered: 1 })).toMatchObject({
      overhead: 0,
      exclude: 0,
      ipAdministered: 0,
    });
    const grid = { ...row, overhead: 1 as const };
    expect(withoutSiteCostFlags(grid)).toBe(grid);
  });
});

describe('grid multipliers', () => {
  it('read text as a number, 0 when it is not one (spec/2: "0 if invalid")', () => {
    expect(['2.5', ' 3 ', '', '.', 'abc', '1.234'].map(multiplierOf)).toEqual([2.5, 3, 0, 0, 0, 1.23]);
    expect(multiplierOf(Number.NaN)).toBe(0);
  });

  it('in the save: invalid text becomes 0, null on a ticked cell stays the default 1, beyond 100 is refused', () => {
    const r = SoeSaveBody.parse({
      version: 1,
      mapping: [cell('abc'), cell(''), cell('2.5'), cell(0), cell(null)],
    });
    expect(r.mapping!.map((m) => m.multiplier)).toEqual([0, 0, 2.5, 0, 1]);
    expect(messages({ version: 1, mapping: [cell(100.01)] })).toEqual([
      `mapping.0.multiplier: ${SOE_MESSAGES.multiplier}`,
    ]);
    expect(messages({ version: 1, mapping: [cell(-1)] })).toEqual([
      `mapping.0.multiplier: ${SOE_MESSAGES.multiplier}`,
    ]);
  });
});

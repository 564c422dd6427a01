import { describe, expect, it } from 'vitest';
import {
  CURRENCIES,
  NEW_SOE_FORM,
  SOE_MESSAGES,
  SoeFormBody,
  SoeSaveBody,
  riskScoreColour,
  round2,
  searchCurrencies,
  soeRowIssues,
  summarizeSoeIssues,
  toCents,
  type SoeSaveInput,
} from '../src';

const visit = (over: Partial<NonNullable<SoeSaveInput['visits']>[number]> = {}) => ({
  scheduleOfEventsVisitId: null,
  visitKey: 'new-1',
  visitName: 'Screening',
  visitCategory: 'Screening' as const,
  visitStudyDay: 1,
  visitVarianceType: 'none' as const,
  visitVariance: null,
  visitIntervalType: 'Day' as const,
  visitOverheadPct: null,
  visitCost: null,
  commentsVisit: null,
  commentsCost: null,
  commentsClinicalStrategy: null,
  commentsDataManagement: null,
  miEstSDRSDV: null,
  miSampleVisit: 0 as const,
  miSuggestedOnSiteSDRSDV: null,
  miSuggestedCDAReview: null,
  miEstCDAReportFrequency: null,
  dmUniqueCRFs: null,
  dmNonUniqueCRFs: null,
  dmIntegratedEpro: null,
  dmPaperEpro: null,
  dmCentralLab: null,
  dmLocalLab: null,
  ...over,
});
const assessment = (over: Partial<NonNullable<SoeSaveInput['assessments']>[number]> = {}) => ({
  scheduleOfEventsAssessmentId: null,
  assessmentKey: 'a-1',
  assessmentType: 'Procedure' as const,
  assessmentName: 'ECG',
  assessmentNameMapping: null,
  assessmentCost: 120,
  overhead: 1 as const,
  exclude: 0 as const,
  ipAdministered: 0 as const,
  commentsAssessment: null,
  commentsCost: null,
  commentsClinicalStrategy: null,
  commentsDataManagement: null,
  ...over,
});
const messagesOf = (body: SoeSaveInput) => {
  const parsed = SoeSaveBody.safeParse(body);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('SOE form (spec/2 section 5)', () => {
  const form = { ...NEW_SOE_FORM, scheduleOfEventsName: 'Oncology SOE', scheduleOfEventsDescr: 'Costs' };
  const issues = (over: Partial<SoeFormBody>) =>
    (SoeFormBody.safeParse({ ...form, ...over }).error?.issues ?? []).map((i) => [
      i.path.join('.'),
      i.message,
    ]);

  it('requires protocol version and date unless Not Available', () => {
    expect(issues({})).toEqual([
      ['protocolVersion', SOE_MESSAGES.required],
      ['protocolDate', SOE_MESSAGES.required],
    ]);
    expect(issues({ protocolVersionNotAvailable: true, protocolDateNotAvailable: true })).toEqual([]);
    expect(issues({ protocolVersion: 'v2.1', protocolDate: '2026-02-28' })).toEqual([]);
    expect(issues({ protocolVersion: 'v2.1', protocolDate: '2026-02-30' })).toEqual([
      ['protocolDate', 'Not a calendar date.'],
    ]);
  });

  it("gives the spec's name and description messages", () => {
    const na = { protocolVersionNotAvailable: true, protocolDateNotAvailable: true };
    expect(issues({ ...na, scheduleOfEventsName: '   ' })).toEqual([
      ['scheduleOfEventsName', SOE_MESSAGES.nameBlank],
    ]);
    expect(issues({ ...na, scheduleOfEventsName: 'x'.repeat(51) })).toEqual([
      ['scheduleOfEventsName', 'SOE name cannot exceed 50 characters'],
    ]);
    expect(issues({ ...na, scheduleOfEventsDescr: 'x'.repeat(2001) })).toEqual([
      ['scheduleOfEventsDescr', 'SOE description cannot exceed 2000 characters'],
    ]);
    expect(issues({ ...na, StudyAdhocReview: 1000 })).toEqual([
      ['StudyAdhocReview', SOE_MESSAGES.adhocReview],
    ]);
    expect(issues({ ...na, StudyAdhocReview: 999.99 })).toEqual([]);
    expect(issues({ ...na, CDAReviewPctTime: 15 })).toEqual([['CDAReviewPctTime', SOE_MESSAGES.option]]);
  });
});

describe('editor rows (spec/2 section 5)', () => {
  it('names each required and duplicate row with its message', () => {
    const issues = soeRowIssues(
      [
        { visitName: 'Day 1', visitCategory: 'Treatment', visitStudyDay: 1, visitIntervalType: 'Day' },
        { visitName: ' day 1 ', visitCategory: null, visitStudyDay: null, visitIntervalType: 'Week' },
        {
          visitName: 'Unscheduled',
          visitCategory: 'Unscheduled',
          visitStudyDay: null,
          visitIntervalType: 'Day',
        },
      ],
      [
        { assessmentName: 'ECG', assessmentType: null, assessmentCost: null },
        { assessmentName: '', assessmentType: 'Procedure', assessmentCost: 1 },
      ],
    );
    expect(issues).toEqual([
      { path: ['visits', 0, 'visitName'], message: SOE_MESSAGES.visitNameRequired },
      { path: ['visits', 1, 'visitCategory'], message: 'Visit Category is required for each visit entry.' },
      { path: ['visits', 1, 'visitName'], message: SOE_MESSAGES.visitNameRequired },
      { path: ['visits', 1, 'visitStudyDay'], message: 'Visit study Week is required.' },
      { path: ['assessments', 0, 'assessmentType'], message: SOE_MESSAGES.assessmentTypeRequired },
      { path: ['assessments', 0, 'assessmentCost'], message: SOE_MESSAGES.assessmentCostRequired },
      { path: ['assessments', 1, 'assessmentName'], message: SOE_MESSAGES.assessmentNameRequired },
    ]);
    expect(summarizeSoeIssues(issues)).toEqual([
      { message: SOE_MESSAGES.visitNameRequired, count: 2 },
      { message: SOE_MESSAGES.visitCategoryRequired, count: 1 },
      { message: 'Visit study Week is required.', count: 1 },
      { message: SOE_MESSAGES.assessmentTypeRequired, count: 1 },
      { message: SOE_MESSAGES.assessmentCostRequired, count: 1 },
      { message: SOE_MESSAGES.assessmentNameRequired, count: 1 },
    ]);
  });
});

describe('save body (the bad input of issue 15)', () => {
  it('accepts a valid body and defaults a ticked multiplier to 1', () => {
    const parsed = SoeSaveBody.parse({
      version: 3,
      visits: [visit()],
      assessments: [assessment()],
      mapping: [
        {
          visitKey: 'new-1',
          assessmentKey: 'a-1',
          mappingAssessmentVisit: 1,
          multiplier: null,
          uniqueNonUniqueForm: 'U',
        },
        {
          visitKey: '7',
          assessmentKey: '9',
          mappingAssessmentVisit: 0,
          multiplier: 2,
          uniqueNonUniqueForm: 'N',
        },
      ],
    });
    expect(parsed.mapping).toEqual([
      {
        visitKey: 'new-1',
        assessmentKey: 'a-1',
        mappingAssessmentVisit: 1,
        multiplier: 1,
        uniqueNonUniqueForm: 'U',
      },
      {
        visitKey: '7',
        assessmentKey: '9',
        mappingAssessmentVisit: 0,
        multiplier: null,
        uniqueNonUniqueForm: null,
      },
    ]);
  });

  it('refuses each rule with its message', () => {
    expect(messagesOf({ version: 1, visits: [visit({ visitStudyDay: 10000 })] })).toEqual([
      `visits.0.visitStudyDay: ${SOE_MESSAGES.studyDay}`,
    ]);
    const cell = {
      visitKey: '1',
      assessmentKey: '2',
      mappingAssessmentVisit: 1 as const,
      uniqueNonUniqueForm: null,
    };
    expect(messagesOf({ version: 1, mapping: [{ ...cell, multiplier: 100.01 }] })).toEqual([
      `mapping.0.multiplier: ${SOE_MESSAGES.multiplier}`,
    ]);
    expect(messagesOf({ version: 1, mapping: [{ ...cell, multiplier: 100 }] })).toEqual([]);
    expect(messagesOf({ version: 1, assessments: [assessment({ assessmentCost: 100_000_000 })] })).toEqual([
      `assessments.0.assessmentCost: ${SOE_MESSAGES.cost}`,
    ]);
    const level = { siteGroupId: 3, siteId: 1 };
    expect(messagesOf({ version: 1, currencies: [{ ...level, currency: 'EU', exchangeRate: 1 }] })).toEqual([
      `currencies.0.currency: ${SOE_MESSAGES.currencyCode}`,
    ]);
    expect(
      messagesOf({ version: 1, currencies: [{ ...level, currency: 'EUR', exchangeRate: -0.5 }] }),
    ).toEqual([`currencies.0.exchangeRate: ${SOE_MESSAGES.exchangeRate}`]);
    expect(
      messagesOf({ version: 1, currencies: [{ ...level, currency: 'EUR', exchangeRate: 0.92345 }] }),
    ).toEqual([`currencies.0.exchangeRate: ${SOE_MESSAGES.exchangeRate}`]);
    const risk = { scheduleOfEventsRiskAssessmentId: 1, riskAssessmentStudySpecifics: null };
    expect(messagesOf({ version: 1, risks: [{ ...risk, riskAssessmentRiskScore: 1.25 }] })).toEqual([
      `risks.0.riskAssessmentRiskScore: ${SOE_MESSAGES.riskScore}`,
    ]);
    expect(messagesOf({ version: 1, risks: [{ ...risk, riskAssessmentRiskScore: 0.3 }] })).toEqual([]);
    expect(messagesOf({ version: 1, visits: [visit({ visitName: 'a\u0000b' })] })).toHaveLength(1);
  });
});

describe('numbers, currencies, risk colours', () => {
  it('rounds money half away from zero to cents', () => {
    expect(round2(1.005)).toBe(1.01);
    expect(toCents(19.999)).toBe(2000);
    expect(toCents(0.1 + 0.2)).toBe(30);
  });
  it('lists 45 currencies, searchable by code or name', () => {
    expect(CURRENCIES).toHaveLength(45);
    expect(new Set(CURRENCIES.map((c) => c.code)).size).toBe(45);
    expect(searchCurrencies('eur').map((c) => c.code)).toEqual(['EUR']);
    expect(searchCurrencies('krona').map((c) => c.code)).toEqual(['SEK', 'ISK']);
  });
  it('colours the Initial Risk Score at 18 and 26', () => {
    expect([0, 18, 18.1, 26, 26.1].map(riskScoreColour)).toEqual([
      'green',
      'green',
      'yellow',
      'yellow',
      'red',
    ]);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  boundedNumber,
  CalendarDay,
  dateMillis,
  EnrollmentPlanStep1Body,
  EnrollmentPlanStep2Body,
  IdParam,
  int4,
  isSafeText,
  safeText,
  UNSAFE_TEXT_MESSAGE,
} from '../src';

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('safe text: no NUL, no lone surrogate', () => {
  it('refuses NUL and lone surrogates anywhere, with one message', () => {
    for (const text of [
      '\u0000',
      'a\u0000',
      '\uD800',
      'x\uDC00y',
      '\uDBFF\uDBFF',
      'end\uD83D',
      '\uDE00start',
    ]) {
      expect(isSafeText(text), JSON.stringify(text)).toBe(false);
      expect(safeText().safeParse(text).error?.issues[0]?.message).toBe(UNSAFE_TEXT_MESSAGE);
    }
  });

  it('keeps every well-formed text without NUL, emoji and other planes included', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        const clean = text.replaceAll('\u0000', '');
        expect(isSafeText(clean)).toBe(true);
      }),
    );
    expect(isSafeText('😀 Zürich ＝ \u202E')).toBe(true);
  });

  it('is well-formed exactly when encoding to UTF-8 and back gives the same text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.constantFrom('', '\uD800', '\uDC00'), (text, odd) => {
        const s = (text + odd).replaceAll('\u0000', '');
        const roundTrip = new TextDecoder().decode(new TextEncoder().encode(s));
        expect(isSafeText(s)).toBe(roundTrip === s);
      }),
    );
  });
});

describe('numbers and ids', () => {
  it('bounded numbers, int4 ids and date millis refuse 1e21, 1e308 and ids past 2147483647', () => {
    for (const n of [1e21, 1e308, -1e308, 2_000_000_001])
      expect(boundedNumber().safeParse(n).success).toBe(false);
    expect(boundedNumber().safeParse(0.75).success).toBe(true);
    expect(int4().safeParse(2_147_483_647).success).toBe(true);
    expect(int4().safeParse(2_147_483_648).success).toBe(false);
    expect(IdParam.safeParse('2147483648').success).toBe(false);
    expect(IdParam.safeParse('9e15').success).toBe(false);
    expect(dateMillis().safeParse(Date.UTC(2026, 0, 1)).success).toBe(true);
    expect(dateMillis().safeParse(8.64e15).success).toBe(false);
  });

  it('calendar days are real days from year 1', () => {
    expect(CalendarDay.safeParse('2024-02-29').success).toBe(true);
    for (const day of ['2026-02-30', '2026-13-01', '0000-01-01', '6365-30-13'])
      expect(CalendarDay.safeParse(day).success, day).toBe(false);
  });
});

describe('request schemas name the field', () => {
  it('step 1: NUL in the name, a plan id past int4', () => {
    const r = EnrollmentPlanStep1Body.safeParse({ studyPlanName: 'A\u0000', studyPlanId: '99999999999' });
    expect(Object.keys(messages(r)).sort()).toEqual(['studyPlanId', 'studyPlanName']);
    expect(messages(r).studyPlanName).toBe(UNSAFE_TEXT_MESSAGE);
  });

  it('step 2: 1e308 in a day field, a lone surrogate in a milestone comment', () => {
    const bounds = { lowerBound: null, upperBound: null };
    const r = EnrollmentPlanStep2Body.safeParse({
      studyId: 1,
      studyPlanId: 1,
      studyPlanType: 1,
      rowVersion: 1,
      countryInputs: [
        {
          studyPlanSiteGroupId: 1,
          siteEnrollmentRateAtSIV: 1e21,
          expectedScreenFailureRate: null,
          expectedTreatmentDropoutRate: null,
          pauseEnrollmentAfterPatient: null,
          pauseEnrollmentDays: 1e308,
          NUM_SITES_ACTIVATED: bounds,
          NUM_SUBJECTS_SCREENED: bounds,
          NUM_SUBJECTS_ENROLLED: bounds,
          NUM_SUBJECTS_TREATED: bounds,
          NUM_SUBJECTS_COMPLETED: bounds,
        },
      ],
      milestones: [
        {
          studyPlanSiteGroupId: 1,
          milestoneId: 135,
          isUserOverride: 1,
          milestoneDateMillis: 0,
          comments: '\uD800',
        },
      ],
    });
    expect(Object.keys(messages(r)).sort()).toEqual([
      'countryInputs.0.pauseEnrollmentDays',
      'countryInputs.0.siteEnrollmentRateAtSIV',
      'milestones.0.comments',
    ]);
  });
});

describe('calendar days', () => {
  it('text that is not YYYY-MM-DD gets the format message only', () => {
    expect(CalendarDay.safeParse('yesterday').error?.issues.map((i) => i.message)).toEqual([
      'Has to be a date as YYYY-MM-DD.',
    ]);
  });
});

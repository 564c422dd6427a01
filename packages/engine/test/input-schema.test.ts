import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseSimulationInput } from '../src';
import { dayMs, rawGroup, rawInput } from './fixtures';

function errorsOf(json: unknown) {
  const r = parseSimulationInput(json);
  if (r.ok) return [];
  return r.errors;
}

/** Applies `edit` to a fresh valid input and returns its errors. */
function errorsAfter(edit: (input: ReturnType<typeof rawInput>) => void) {
  const input = rawInput();
  edit(input);
  return errorsOf(input);
}

const group = (input: ReturnType<typeof rawInput>) => input.siteGroups[0]!;

/** A complete cohort row following `pred` (none for the first cohort). */
const row = (name: string, pred: string | null) => ({
  cohortName: name,
  predecessorCohortName: pred,
  predecessorActivity: pred ? 'SRC' : null,
  patients: 6,
  lagDays: 0,
  screeningDurationDays: 28,
  dtlDurationDays: 28,
  srcDurationDays: 14,
});

describe('parseSimulationInput', () => {
  it('accepts the base input and every example', () => {
    expect(parseSimulationInput(rawInput()).ok).toBe(true);
    const dir = new URL('../examples/', import.meta.url);
    for (const f of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
      const r = parseSimulationInput(JSON.parse(readFileSync(new URL(f, dir), 'utf8')));
      expect(r.ok ? [] : r.errors, f).toEqual([]);
    }
  });

  it('requires at least one country', () => {
    expect(errorsAfter((i) => (i.siteGroups = []))).toEqual([
      { path: 'siteGroups', message: 'At least one country is required.' },
    ]);
  });

  it('requires exactly one of screen fail rate or patients enrolled', () => {
    expect(errorsAfter((i) => delete i.plan.screenFailRate)).toEqual([
      { path: 'plan.screenFailRate', message: "Can't be empty." },
      { path: 'plan.targets.NUM_SUBJECTS_ENROLLED', message: "Can't be empty." },
    ]);
    const both = errorsAfter((i) => ((i.plan.targets as Record<string, unknown>).NUM_SUBJECTS_ENROLLED = 8));
    expect(both).toEqual([
      {
        path: 'plan.screenFailRate',
        message: 'Fill in either the screen fail rate or the number of patients enrolled, not both.',
      },
    ]);
  });

  it('requires exactly one of drop-out rate or patients completing treatment', () => {
    expect(errorsAfter((i) => (i.plan.dropOutRate = null))).toEqual([
      { path: 'plan.dropOutRate', message: "Can't be empty." },
      { path: 'plan.targets.NUM_SUBJECTS_TREATED', message: "Can't be empty." },
    ]);
  });

  it('rejects rates out of range with the range message', () => {
    expect(errorsAfter((i) => (i.plan.screenFailRate = 1))).toEqual([
      { path: 'plan.screenFailRate', message: 'Has to be a value from 0 to 0.99.' },
    ]);
    expect(errorsAfter((i) => (i.plan.enrollmentRate = 101))).toEqual([
      { path: 'plan.enrollmentRate', message: 'Has to be a value from 0 to 100.' },
    ]);
  });

  it('rejects targets of zero with the spec messages', () => {
    const errs = errorsAfter((i) => {
      i.plan.targets = { SITES_TO_ACTIVATE: { lowerBound: 0 }, SUBJECTS_TO_SCREEN: { lowerBound: 0 } };
    });
    expect(errs).toContainEqual({
      path: 'plan.targets.SUBJECTS_TO_SCREEN.lowerBound',
      message: 'Number of patients screened must be greater than 0',
    });
    expect(errs).toContainEqual({
      path: 'plan.targets.SITES_TO_ACTIVATE.lowerBound',
      message: 'Has to be at least 1.',
    });
    const enrolled = errorsAfter((i) => {
      delete i.plan.screenFailRate;
      (i.plan.targets as Record<string, unknown>).NUM_SUBJECTS_ENROLLED = 0;
    });
    expect(enrolled).toEqual([
      {
        path: 'plan.targets.NUM_SUBJECTS_ENROLLED',
        message: 'Number of patients enrolled must be greater than 0',
      },
    ]);
  });

  it('needs both pause values or neither', () => {
    expect(errorsAfter((i) => (i.plan.pauseEnrollmentAfterPatient = 30))).toEqual([
      { path: 'plan.pauseEnrollmentDays', message: "Can't be empty." },
    ]);
    expect(errorsAfter((i) => (i.plan.pauseEnrollmentDays = 10000))).toContainEqual({
      path: 'plan.pauseEnrollmentDays',
      message: 'Has to be a value from 1 to 9999.',
    });
  });

  it('rejects an all-zero seasonal variation', () => {
    const errs = errorsAfter((i) => {
      group(i).enrollmentVariations = Array.from({ length: 12 }, (_, m) => ({
        enrollmentSeasonalMonth: m,
        enrollmentSeasonalVariation: 0,
      }));
    });
    expect(errs).toEqual([{ path: 'siteGroups.0.enrollmentVariations', message: 'Cannot all be zero.' }]);
  });

  it('rejects decreasing, duplicate and negative activation profile values, one message per cell', () => {
    const point = (s: number, d: number) => ({ siteActivationProfilePct: s, siteActivationProfileDays: d });
    const errs = errorsAfter(
      (i) => (group(i).activationProfiles = [point(1, 0), point(3, 30), point(2, 30), point(-1, -5)]),
    );
    const at = (k: number, f: string) => `siteGroups.0.activationProfiles.${k}.${f}`;
    expect(errs).toEqual([
      { path: at(2, 'siteActivationProfilePct'), message: 'Number of sites should be increasing.' },
      { path: at(2, 'siteActivationProfileDays'), message: 'Days should not have duplicates.' },
      { path: at(3, 'siteActivationProfilePct'), message: 'Number of sites should be non-negative.' },
      { path: at(3, 'siteActivationProfileDays'), message: 'Days should be non-negative.' },
    ]);
  });

  it('rejects more than 11 activation profile rows', () => {
    const points = Array.from({ length: 12 }, (_, k) => ({
      siteActivationProfilePct: k + 1,
      siteActivationProfileDays: 10 * k,
    }));
    expect(errorsAfter((i) => (group(i).activationProfiles = points))).toEqual([
      { path: 'siteGroups.0.activationProfiles', message: 'At most 11 activation profile rows.' },
    ]);
  });

  it('rejects seasonal variations that miss a month or have more than 2 decimals', () => {
    const months = (v: (m: number) => number) =>
      Array.from({ length: 12 }, (_, m) => ({
        enrollmentSeasonalMonth: m,
        enrollmentSeasonalVariation: v(m),
      }));
    expect(errorsAfter((i) => (group(i).enrollmentVariations = months(() => 1).slice(1)))).toEqual([
      {
        path: 'siteGroups.0.enrollmentVariations',
        message: 'Has to have one value for each month, Jan to Dec.',
      },
    ]);
    expect(
      errorsAfter((i) => (group(i).enrollmentVariations = months((m) => (m === 3 ? 0.125 : 1)))),
    ).toEqual([
      {
        path: 'siteGroups.0.enrollmentVariations.3.enrollmentSeasonalVariation',
        message: 'Has to have at most 2 decimals.',
      },
    ]);
    // A negative factor is refused with the range message (the form turns it into 0 before it is sent).
    expect(errorsAfter((i) => (group(i).enrollmentVariations = months((m) => (m === 5 ? -0.5 : 1))))).toEqual(
      [
        {
          path: 'siteGroups.0.enrollmentVariations.5.enrollmentSeasonalVariation',
          message: 'Has to be a value from 0 to 1.',
        },
      ],
    );
  });

  it('rejects a cohort cycle and a first cohort with a predecessor', () => {
    const errs = errorsAfter((i) => {
      i.plan.studyPlanType = 2;
      i.plan.studyPlanTypeDetail = 'Cohort (D)';
      i.plan.cohorts = [row('A', 'B'), row('B', 'A')];
    });
    expect(errs).toEqual([
      { path: 'plan.cohorts.0.predecessorCohortName', message: 'The first cohort has no predecessor.' },
      { path: 'plan.cohorts.1.predecessorCohortName', message: 'Cohorts form a cycle.' },
      { path: 'plan.cohorts', message: 'Sequential cohorts setup is not valid' },
    ]);
  });

  it('matches cohort names trimmed and case-insensitively, as the plan forms do', () => {
    const raw = rawInput();
    raw.plan.studyPlanType = 2;
    raw.plan.studyPlanTypeDetail = 'Cohort (D)';
    raw.plan.cohorts = [row(' Alpha ', null), row('Beta', 'alpha'), row('beta', 'Alpha')];
    const dup = parseSimulationInput(raw);
    expect(dup.ok ? [] : dup.errors).toContainEqual({
      path: 'plan.cohorts.2.cohortName',
      message: 'Cohort name should be unique.',
    });
    raw.plan.cohorts = [row(' Alpha ', null), row('Beta', 'alpha ')];
    const ok = parseSimulationInput(raw);
    expect(ok.ok && ok.input.plan.cohorts?.map((c) => [c.cohortName, c.predecessorCohortName])).toEqual([
      ['Alpha', null],
      ['Beta', 'Alpha'],
    ]);
  });

  it("checks a country's patient bounds as the country inputs form does", () => {
    const errs = errorsAfter((i) => {
      group(i).NUM_SUBJECTS_SCREENED = { lowerBound: 10, upperBound: 20 };
      group(i).NUM_SUBJECTS_ENROLLED = { lowerBound: 8, upperBound: 25 };
      group(i).NUM_SUBJECTS_COMPLETED = { lowerBound: 9, upperBound: null };
      group(i).expectedScreenFailureRate = null;
    });
    expect(errs).toEqual([
      {
        path: 'siteGroups.0.NUM_SUBJECTS_ENROLLED.upperBound',
        message: "Number of patients enrolled shouldn't be greater than the number of patients screened",
      },
      {
        path: 'siteGroups.0.NUM_SUBJECTS_COMPLETED.lowerBound',
        message:
          "Number of patients completing follow up shouldn't be greater than the number of patients completing treatment, screened or enrolled",
      },
    ]);
  });

  it('rejects an actuals date before the first site activation', () => {
    const errs = errorsAfter((i) => {
      group(i).actuals = { asOfDateMillis: dayMs(50), siteActivationDatesMillis: [dayMs(60), dayMs(70)] };
    });
    expect(errs).toEqual([
      {
        path: 'siteGroups.0.actuals.asOfDateMillis',
        message: 'Actuals date cannot be before the first site activation.',
      },
    ]);
  });

  it('rejects a milestone override earlier than the milestone it follows', () => {
    // Computed chain: site ID 20 (2 sites would be Small = 10; Medium forced below), submission 25, approval 45.
    const errs = errorsAfter((i) => {
      group(i).timeSiteIdSize = 'Medium';
      group(i).milestoneOverrides = [{ milestone: 'firstRegulatoryApproval', dateMillis: dayMs(24) }];
    });
    expect(errs).toEqual([
      {
        path: 'siteGroups.0.milestoneOverrides.0.dateMillis',
        message: 'A date cannot be earlier than the latest of the earlier milestone dates.',
      },
    ]);
  });

  it('requires a study rate in scenario A when a group has none, and a duration in scenario B', () => {
    expect(errorsAfter((i) => (i.plan.enrollmentRate = null))).toEqual([
      { path: 'plan.enrollmentRate', message: "Can't be empty." },
    ]);
    expect(errorsAfter((i) => (i.plan.studyPlanType = 2))).toEqual([
      { path: 'plan.overallEnrollmentDuration', message: "Can't be empty." },
    ]);
  });

  it('names nested fields of a country', () => {
    const errs = errorsAfter((i) => {
      i.siteGroups.push({
        ...rawGroup(),
        siteGroupId: 2,
        timeSIVDays: undefined,
        expectedScreenFailureRate: 2,
      });
    });
    expect(errs).toEqual([
      { path: 'siteGroups.1.expectedScreenFailureRate', message: 'Has to be a value from 0 to 0.99.' },
      { path: 'siteGroups.1.timeSIVDays', message: "Can't be empty." },
    ]);
  });
});

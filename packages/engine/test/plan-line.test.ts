import { describe, expect, it } from 'vitest';
import { computePlanLine } from '../src';
import { preparedGroup, preparedPlan } from './fixtures';

/** Values at the end of day d of a cumulative curve. */
const at = (curve: Float64Array, d: number) => curve[d]!;

describe('computePlanLine, hand-checked', () => {
  // Spreadsheet-style case: one group, 2 sites activating on days 40 and 70, each open for screening 2 days later,
  // 0.125 screened/site/day (3.8047 patients/site/month), no screen failures, target 10 screened.
  // Day 42..71: 1 site -> 0.125/day -> 30 x 0.125 = 3.75 by the end of day 71.
  // Day 72..: 2 sites -> 0.25/day; 6.25 more take 25 days -> exactly 10 at the end of day 96 (competitive stop).
  // Enrolled = screened 7 days later; completed treatment = enrolled 14 days later x (1 - 0.5 drop-out).
  const prepared = preparedPlan({
    groups: [
      preparedGroup({
        milestones: {
          siteIdFinish: 10,
          protocolFinal: 0,
          regulatorySubmission: 15,
          firstRegulatoryApproval: 35,
          firstSiteActivation: 40,
        },
        activationOffsets: [0, 30],
        firstScreenDelayDays: 2,
        dropOutRate: 0.5,
      }),
    ],
    screeningDays: 7,
    treatmentDays: 14,
    followUpDays: 28,
  });
  const line = computePlanLine(prepared);
  const g = line.groups[0]!.curves;

  it('matches the hand calculation', () => {
    expect(at(g.activeSites, 39)).toBe(0);
    expect(at(g.activeSites, 40)).toBe(1);
    expect(at(g.activeSites, 70)).toBe(2);
    expect(at(g.screened, 41)).toBe(0);
    expect(at(g.screened, 42)).toBe(0.125);
    expect(at(g.screened, 71)).toBeCloseTo(3.75, 12);
    expect(at(g.screened, 72)).toBeCloseTo(4.0, 12);
    expect(at(g.screened, 96)).toBeCloseTo(10, 12);
    expect(at(g.screened, 200)).toBeCloseTo(10, 12);
    expect(line.screeningStopDay).toBe(96);
    expect(at(g.enrolled, 78)).toBeCloseTo(3.75, 12);
    expect(at(g.enrolled, 103)).toBeCloseTo(10, 12);
    expect(at(g.completedTreatment, 117)).toBeCloseTo(5, 12);
    expect(at(g.completedFollowUp, 145)).toBeCloseTo(5, 12);
    expect(at(g.completedFollowUp, 144)).toBeLessThan(5);
  });

  it('puts the milestones where the hand calculation does', () => {
    const m = line.milestones;
    expect(m.firstSiteActivation).toBe(40);
    expect(m.lastSiteActivation).toBe(70);
    expect(m.firstScreened).toBe(42);
    expect(m.firstEnrolled).toBe(49);
    // 25% = 3 patients: enrolled >= 2.5 first at screened(d - 7) >= 2.5 -> day 42 + 19 = 61 -> 68.
    expect(m.enrolled25).toBe(68);
    // LPI: enrolled >= 9.5 (the rounded curve shows 10): screened 3.75 + 0.25k >= 9.5 -> k = 23 -> day 94 -> 101.
    expect(m.lastEnrolled).toBe(101);
    expect(m.lastCompletedTreatment).toBe(115);
    expect(m.lastLastVisit).toBe(143);
    // The group's last enrolled follows the same reach rule as the study LPI (one group: the same day).
    expect(line.groups[0]!.milestones).toMatchObject({ lastScreened: 96, lastEnrolled: 101 });
    // Site-months: site 1 open days 42..96 (55 days), site 2 days 72..96 (25 days) -> 80 / 30.4375.
    expect(line.groups[0]!.siteMonths).toBeCloseTo(80 / 30.4375, 12);
  });
});

describe('computePlanLine: stops, caps, pauses, seasonality', () => {
  it('stops study-wide at the target, and a capped group stops at its cap', () => {
    const prepared = preparedPlan({
      targetScreened: 20,
      targetEnrolled: 20,
      groups: [
        preparedGroup({ key: 'a', screenRatePerSiteDay: 0.5, caps: { screened: 2, enrolled: null } }),
        preparedGroup({ key: 'b', screenRatePerSiteDay: 0.25 }),
      ],
    });
    const line = computePlanLine(prepared);
    const [a, b] = line.groups;
    // a: 0.5/day hits its cap of 2 at the end of day 3; b: 0.25/day needs 72 days for its 18 -> day 71.
    expect(at(a!.curves.screened, 3)).toBe(2);
    expect(at(a!.curves.screened, 400)).toBe(2);
    expect(a!.milestones.lastScreened).toBe(3);
    expect(line.screeningStopDay).toBe(71);
    expect(at(b!.curves.screened, 400)).toBeCloseTo(18, 12);
    expect(at(line.total.screened, 400)).toBeCloseTo(20, 12);
  });

  it('has an LPI when the screened target stops screening before the enrolled target is reached', () => {
    // 20 screened, 16 targeted (study sf 0.2), but group b fails 40%: 10 x 0.8 + 10 x 0.6 = 14 enrolled.
    const prepared = preparedPlan({
      targetScreened: 20,
      targetEnrolled: 16,
      groups: [
        preparedGroup({ key: 'a', screenRatePerSiteDay: 0.5, screenFailRate: 0.2 }),
        preparedGroup({ key: 'b', screenRatePerSiteDay: 0.5, screenFailRate: 0.4 }),
      ],
    });
    const line = computePlanLine(prepared);
    expect(at(line.total.screened, 400)).toBeCloseTo(20, 12);
    expect(at(line.total.enrolled, 400)).toBeCloseTo(14, 12);
    // Screening stops on day 19 (1 a day in all); the last patient in is the day the total reaches 14 - 0.5.
    expect(line.milestones.lastEnrolled).toBe(19);
    expect(line.milestones.enrolled75).not.toBeNull();
  });

  it('converts an enrolled cap through the pass rate', () => {
    const prepared = preparedPlan({
      groups: [preparedGroup({ screenFailRate: 0.5, caps: { screened: null, enrolled: 3 } })],
    });
    const line = computePlanLine(prepared);
    expect(at(line.total.screened, 400)).toBeCloseTo(6, 12);
    expect(at(line.total.enrolled, 400)).toBeCloseTo(3, 12);
    expect(line.milestones.lastEnrolled).toBeNull();
  });

  it('opens a zero-intensity window after the N-th enrolled patient, without NaN', () => {
    // 1 patient/day; pause after patient 3 for 10 days: screening on days 0..2, none on 3..12, resumes on 13.
    const prepared = preparedPlan({
      groups: [preparedGroup({ screenRatePerSiteDay: 1 })],
      pause: { afterEnrolled: 3, days: 10 },
    });
    const line = computePlanLine(prepared);
    const s = line.total.screened;
    expect(line.pauses).toEqual([{ groupKey: null, startDay: 3, endDay: 12 }]);
    expect(at(s, 2)).toBe(3);
    expect(at(s, 12)).toBe(3);
    expect(at(s, 13)).toBe(4);
    expect(line.milestones.lastEnrolled).toBe(19);
    for (const v of s) expect(Number.isFinite(v)).toBe(true);
  });

  it('pauses one country on its own enrolled count', () => {
    const prepared = preparedPlan({
      targetScreened: 100,
      targetEnrolled: 100,
      groups: [
        preparedGroup({ key: 'a', screenRatePerSiteDay: 1, pause: { afterEnrolled: 2, days: 5 } }),
        preparedGroup({ key: 'b', screenRatePerSiteDay: 1 }),
      ],
    });
    const line = computePlanLine(prepared);
    expect(line.pauses).toEqual([{ groupKey: 'a', startDay: 2, endDay: 6 }]);
    expect(at(line.groups[0]!.curves.screened, 6)).toBe(2);
    expect(at(line.groups[1]!.curves.screened, 6)).toBe(7);
  });

  it('follows the calendar months, with a zero month producing no screening and no NaN', () => {
    // Day 0 = 5 January 2026; February (days 27..54) has multiplier 0.
    const seasonal = new Array<number>(12).fill(1);
    seasonal[1] = 0;
    const prepared = preparedPlan({
      targetScreened: 1000,
      targetEnrolled: 1000,
      groups: [preparedGroup({ screenRatePerSiteDay: 1, seasonal })],
    });
    const s = computePlanLine(prepared).total.screened;
    expect(at(s, 26)).toBe(27);
    expect(at(s, 54)).toBe(27);
    expect(at(s, 55)).toBe(28);
  });

  it('applies linear fatigue to the rate from activation', () => {
    // Rate 1/day falling to 0.5 over 100 days: the first 100 days screen the mean 0.75 x 100 = 75.
    const prepared = preparedPlan({
      targetScreened: 1000,
      targetEnrolled: 1000,
      groups: [preparedGroup({ screenRatePerSiteDay: 1, fatigue: { days: 100, finalFactor: 0.5 } })],
    });
    const s = computePlanLine(prepared).total.screened;
    expect(at(s, 99)).toBeCloseTo(75, 9);
    expect(at(s, 199)).toBeCloseTo(125, 9);
  });

  it('gives a defined result with zero rates everywhere: flat curves, enrollment milestones not reached', () => {
    const prepared = preparedPlan({ groups: [preparedGroup({ screenRatePerSiteDay: 0 })] });
    const line = computePlanLine(prepared);
    expect(at(line.total.screened, 400)).toBe(0);
    expect(line.milestones).toMatchObject({
      firstSiteActivation: 0,
      firstScreened: null,
      firstEnrolled: null,
      lastEnrolled: null,
      tmfClose: null,
    });
  });
});

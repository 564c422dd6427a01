import { describe, expect, it } from 'vitest';
import {
  buildResultSets,
  cohortChain,
  cohortPlanLine,
  computePlanLine,
  parseSimulationInput,
  type ForecastForResults,
} from '../src';
import { loadCohortExample, row } from './cohort-fixtures';
import { dayMs, preparedGroup, preparedPlan, rawInput } from './fixtures';

describe('cohort plan line (the 13 ordinary sets follow the cohort schedule)', () => {
  // Two groups, one site each open from day 10, each screening 1/day with half passing: the network passes 1/day.
  const group = (key: string) =>
    preparedGroup({
      key,
      name: key,
      milestones: { ...preparedGroup().milestones, firstSiteActivation: 7 },
      firstScreenDelayDays: 3,
      screenRatePerSiteDay: 1,
      screenFailRate: 0.5,
    });
  const prepared = preparedPlan({ groups: [group('A'), group('B')], screeningDays: 7, treatmentDays: 14 });
  const cohorts = [
    row({ cohortName: 'C1', patients: 6, screeningDurationDays: 7, dtlDurationDays: 20, srcDurationDays: 4 }),
    row({
      cohortName: 'C2',
      predecessorCohortName: 'C1',
      predecessorActivity: 'DTL',
      patients: 3,
      lagDays: 3,
    }),
    row({ cohortName: 'C3', predecessorCohortName: 'C2', predecessorActivity: 'Screening', patients: 2 }),
  ].map((c, k) => ({ ...c, screeningDurationDays: [7, 5, 7][k]!, dtlDurationDays: [20, 1, 0][k]! }));
  const input = (names?: { dtl?: string; src?: string }) => {
    const raw = rawInput();
    Object.assign(raw.plan, { studyPlanType: 2, studyPlanTypeDetail: 'Cohort (D)', cohorts });
    if (names) raw.plan.cohortPhaseNames = names;
    const r = parseSimulationInput(raw);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    return r.input;
  };

  it('hand-checked: three cohorts, dates, totals and the flat gaps of the cumulative curve', () => {
    const chain = cohortChain(cohorts, prepared);
    // C1 screens days 10..15 (6 pass), enrolls 17..22; DTL end 42; C2 starts 45, screens 45..47, enrolls 50..52;
    // C3 starts at C2's screening end (50), screens 50..51, enrolls 57..58.
    expect(chain.rows.map((r) => [r.cohortStartDay, r.screeningEndDay, r.enrollingEndDay])).toEqual([
      [10, 17, 22],
      [45, 50, 52],
      [50, 57, 58],
    ]);
    const line = cohortPlanLine(prepared, chain);
    expect(line.milestones).toMatchObject({
      firstScreened: 10,
      firstEnrolled: 17,
      enrolled25: 19, // ceil(0.25 x 11) = 3 enrolled: 17, 18, 19
      enrolled50: 22, // 6
      enrolled75: 52, // 9
      lastEnrolled: 58,
      lastCompletedTreatment: 72,
      lastLastVisit: 72,
      tmfClose: 72,
    });
    expect(line.horizonDays).toBe(72 + (58 - 10));
    const e = line.total.enrolled;
    expect([e[22], e[23], e[49], e[50], e[52], e[56], e[57], e[58], e[100]]).toEqual([
      6, 6, 6, 7, 9, 9, 10, 11, 11,
    ]);
    expect(line.total.screened[100]).toBeCloseTo(22, 12);
    // Each group screens at the chain's share of the network: half of everything, with the same windows.
    for (const g of line.groups) {
      expect(g.curves.enrolled[100]).toBeCloseTo(5.5, 12);
      expect(g.milestones).toMatchObject({
        firstScreened: 10,
        firstEnrolled: 17,
        lastScreened: 51,
        lastEnrolled: 58,
      });
      expect(g.siteMonths * 30.4375).toBeCloseTo(11, 9); // 6 + 3 + 2 screening days, not the gaps
    }
    expect(line.screeningStopDay).toBe(51);
  });

  it('the ordinary sets agree with the cohort sets: totals, FPI, LPI; weekly gaps are flat', () => {
    const sets = buildResultSets(input(), prepared, computePlanLine(prepared));
    const overall = sets.summaryTable.at(-1)!;
    const cohortOverall = sets.summaryTableCohort!.at(-1)!;
    for (const k of [
      'Number of Patients Screened',
      'Number of Patients Enrolled',
      'Number of Patients Completing Treatment',
    ] as const)
      expect(overall[k]).toBe(cohortOverall[k]);
    expect(overall['Number of Patients Enrolled']).toBe(11);
    expect(overall['Site Months']).toBe(0.7); // 2 x 11 site-days / 30.4375
    expect(overall['Enrollment Duration']).toBe(1.3); // (58 - 17) / 30.42
    const row = (name: string) => sets.enrollmentTable.find((r) => r.SortName === name)!;
    expect(row('First Patient In').dateMillis).toBe(dayMs(17));
    expect(row('First Patient In').Date).toBe(sets.summaryTableCohort![0]!['Screening End']);
    expect(row('Last Patient In')).toMatchObject({ dateMillis: dayMs(58), Enrolled: 11 });
    expect(row('Last Patient In').Date).toBe(cohortOverall['Enrolling End']);
    // Week ends (day 0 is a Monday): days 6, 13, 20, 27, 34, 41, 48, 55, 62.
    const weekly = sets.detailsWeeklyCumulative.table_body.enrolled.header_totals;
    expect(weekly.slice(0, 9)).toEqual([0, 0, 4, 6, 6, 6, 6, 9, 11]);
    const startup = sets.startupTable[0]!;
    expect(startup.millis['Last Enrolled']).toBe(dayMs(58));
  });

  it('the forecast of the continuous model shows only the rows that do not depend on the cohorts', () => {
    const q = { p10: 1, p50: 2, p90: 3 };
    const forecast: ForecastForResults = {
      milestones: {
        firstSiteActivation: q,
        firstScreened: q,
        firstEnrolled: q,
        enrolled50: q,
        lastEnrolled: q,
      },
      enrolledBand: { days: [0, 100], p10: [0, 5], p50: [0, 10], p90: [0, 12] },
    };
    // C1's screening duration (7) is the plan's, so FPI is the same event in both models.
    const sets = buildResultSets(input(), prepared, computePlanLine(prepared), forecast);
    expect(sets.enrollmentTable.filter((r) => r.P50 !== null).map((r) => r.SortName)).toEqual([
      'First Site Initiated',
      'First Patient Screened',
      'First Patient In',
    ]);
    expect(sets.siteGroupChartMonthly.forecastBand).toBeUndefined();
    const other = buildResultSets(
      input(),
      { ...prepared, screeningDays: 14 },
      computePlanLine(prepared),
      forecast,
    );
    expect(other.enrollmentTable.find((r) => r.SortName === 'First Patient In')!.P50).toBeNull();
  });

  it('phase names flow into the timeline rows and the summary columns; blank names are rejected', () => {
    const sets = buildResultSets(
      input({ dtl: ' Safety review ', src: 'Dose decision' }),
      prepared,
      computePlanLine(prepared),
    );
    expect(sets.cohortTimelineChart!.slice(0, 4).map((r) => r.milestoneName)).toEqual([
      'Screening',
      'Enrolling',
      'Safety review',
      'Dose decision',
    ]);
    const first = sets.summaryTableCohort![0]!;
    expect(Object.keys(first).slice(0, 6)).toEqual([
      'cohortName',
      'Cohort Start',
      'Screening End',
      'Enrolling End',
      'Safety review End',
      'Dose decision End',
    ]);
    expect(first['Safety review End']).toBe('16/Feb/2026'); // day 42
    const clash = buildResultSets(
      input({ dtl: 'Screening', src: 'Screening' }),
      prepared,
      computePlanLine(prepared),
    );
    expect(clash.cohortTimelineChart![2]!.milestoneName).toBe('Screening (DTL)');
    expect(clash.cohortTimelineChart![3]!.milestoneName).toBe('Screening (SRC)');
    const defaults = buildResultSets(input(), prepared, computePlanLine(prepared));
    expect(defaults.summaryTableCohort![0]!['DTL End']).toBe('16/Feb/2026');
    const raw = rawInput();
    raw.plan.cohortPhaseNames = { dtl: '  ' };
    const bad = parseSimulationInput(raw);
    expect(bad.ok ? [] : bad.errors).toEqual([
      { path: 'plan.cohortPhaseNames.dtl', message: "Can't be empty." },
    ]);
  });

  it('examples/cohort.json: the cohort chain and patient counts computed by hand, the sets agree', () => {
    const { input: i, prepared: p, line } = loadCohortExample();
    const sets = buildResultSets(i, p, line);
    const cohortRows = sets.summaryTableCohort!;
    // Every day is reached in the example (null = not reached).
    const days = cohortRows.map((r) => {
      const d = r.days;
      if (Object.values(d).some((v) => v === null))
        throw new Error(`${r.cohortName}: a phase is not reached`);
      return d as { [K in keyof typeof d]: number };
    });
    // Each later cohort starts 7 days (its lag) after its predecessor's SRC end; screening lasts 28 days; DTL
    // ends 28 days and SRC 14 days after the enrolling end (Expansion: 0 and 0).
    expect(days[1]!.start).toBe(days[0]!.srcEnd + 7);
    expect(days[2]!.start).toBe(days[1]!.srcEnd + 7);
    for (const [k, d] of days.slice(0, 3).entries()) {
      expect(d.screeningEnd).toBe(d.start + 28);
      expect(d.dtlEnd).toBe(d.enrollingEnd + [28, 28, 0][k]!);
      expect(d.srcEnd).toBe(d.dtlEnd + [14, 14, 0][k]!);
    }
    // Patients 6, 12, 24 enrolled; screened = enrolled / (1 - 0.3 screen fail), rounded: 8.57 -> 9, 17.14 -> 17,
    // 34.29 -> 34 (60 in all, the plan's target); completing = enrolled x (1 - 0.1 drop-out): 5.4 -> 5,
    // 10.8 -> 11, 21.6 -> 22 (overall 37.8 -> 38).
    expect(
      cohortRows.map((r) => [
        r.cohortName,
        r['Number of Patients Screened'],
        r['Number of Patients Enrolled'],
        r['Number of Patients Completing Treatment'],
      ]),
    ).toEqual([
      ['Cohort 1', 9, 6, 5],
      ['Cohort 2', 17, 12, 11],
      ['Expansion', 34, 24, 22],
      ['Overall', 60, 42, 38],
    ]);
    // The overall row spans the cohorts: the first start, the last ends.
    expect(days[3]).toEqual({ ...days[2], start: days[0]!.start });
    // The ordinary sets follow the cohort plan line: the same totals, LPI at the last enrolling end.
    const overall = sets.summaryTable.at(-1)!;
    expect([
      overall['Number of Patients Screened'],
      overall['Number of Patients Enrolled'],
      overall['Number of Patients Completing Treatment'],
    ]).toEqual([60, 42, 38]);
    const lpi = sets.enrollmentTable.find((r) => r.SortName === 'Last Patient In')!;
    expect(lpi.dateMillis).toBe(p.day0Ms + days[2]!.enrollingEnd * 86_400_000);
    // Each cohort's row of the cohort details ends on its enrolled count.
    const cumulative = sets.cohortDetailsMonthlyCumulative!.table_body.enrolled;
    cumulative.sub_table_body.forEach((row, k) => {
      expect(row.country_name).toBe(cohortRows[k]!.cohortName);
      expect(row.data.at(-1)).toBe(cohortRows[k]!['Number of Patients Enrolled']);
    });
    expect(cumulative.header_totals.at(-1)).toBe(42);
    expect(sets.cohortTimelineChart!.length).toBeGreaterThanOrEqual(3 * 4);
  });
});

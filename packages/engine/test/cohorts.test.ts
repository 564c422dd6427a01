import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  buildResultSets,
  cohortChain,
  cohortResultSets,
  computePlanLine,
  earliestFps,
  parseSimulationInput,
  preparePlan,
} from '../src';
import { loadCohortExample, phaseEnd, row } from './cohort-fixtures';
import { preparedGroup, preparedPlan, rawInput } from './fixtures';

describe('sequential cohort chain', () => {
  it('hand-checked: one site screening 1/day, 50% pass, phases in order, lag after the chosen phase', () => {
    // One site open from day 10 (activation 7 + 3 days to first screening), 1 screened/day, half pass.
    const prepared = preparedPlan({
      groups: [
        preparedGroup({
          milestones: { ...preparedGroup().milestones, firstSiteActivation: 7 },
          firstScreenDelayDays: 3,
          screenRatePerSiteDay: 1,
          screenFailRate: 0.5,
        }),
      ],
    });
    const chain = cohortChain(
      [
        row({
          cohortName: 'A',
          patients: 5,
          screeningDurationDays: 7,
          dtlDurationDays: 20,
          srcDurationDays: 4,
        }),
        row({
          cohortName: 'B',
          predecessorCohortName: 'A',
          predecessorActivity: 'DTL',
          patients: 2,
          lagDays: 3,
          screeningDurationDays: 7,
          dtlDurationDays: 1,
          srcDurationDays: 2,
        }),
      ],
      prepared,
    );
    const [a, b] = chain.rows;
    // A: starts at FPS (day 10); 10 screened on days 10..19 give 5 enrolled on days 17..26.
    expect(a).toMatchObject({
      cohortStartDay: 10,
      cohortStartDate: '2026-01-15',
      screeningEndDay: 17,
      enrollingDurationDays: 9,
      enrollingEndDay: 26,
      dtlEndDay: 46,
      srcEndDay: 50,
      srcEndDate: '2026-02-24',
    });
    // B: DTL end of A (46) + 3 = 49; 4 screened on days 49..52; enrolls 56..59.
    expect(b).toMatchObject({
      cohortStartDay: 49,
      screeningEndDay: 56,
      enrollingDurationDays: 3,
      enrollingEndDay: 59,
      dtlEndDay: 60,
      srcEndDay: 62,
    });
    // A and B overlap (B starts during A's SRC) but A no longer screens: each gets what it needs.
    const sum = (x: Float64Array) => x.reduce((s, v) => s + v, 0);
    expect(sum(chain.flows[0]!.passing)).toBeCloseTo(5, 9);
    expect(sum(chain.flows[1]!.screened)).toBeCloseTo(4, 9);
  });

  it('shares the network where cohorts overlap: the earlier cohort first', () => {
    const prepared = preparedPlan({ groups: [preparedGroup({ screenRatePerSiteDay: 1 })] });
    const chain = cohortChain(
      [
        row({ cohortName: 'A', patients: 10 }),
        row({ cohortName: 'B', predecessorCohortName: 'A', predecessorActivity: 'Screening', patients: 3 }),
      ],
      prepared,
    );
    // Both start on day 0; A takes days 0..9, B days 10..12.
    expect(chain.rows.map((r) => [r.cohortStartDay, r.enrollingEndDay])).toEqual([
      [0, 9],
      [0, 12],
    ]);
  });

  it('on the example: first cohort at the earliest FPS, each later one at its predecessor phase end + lag', () => {
    const { input, prepared } = loadCohortExample();
    const rows = input.plan.cohorts!;
    const chain = cohortChain(rows, prepared);
    const fps = Math.min(
      ...prepared.groups.map((g) => g.milestones.firstSiteActivation + g.firstScreenDelayDays),
    );
    expect(earliestFps(prepared)).toBe(fps);
    const byName = new Map(chain.rows.map((r) => [r.cohortName, r]));
    for (const r of chain.rows) {
      const days = [r.cohortStartDay, r.screeningEndDay, r.enrollingEndDay, r.dtlEndDay, r.srcEndDay];
      expect(days.every((d) => d !== null)).toBe(true);
      for (let k = 1; k < days.length; k++) expect(days[k]!).toBeGreaterThanOrEqual(days[k - 1]!);
      expect(r.screeningEndDay! - r.cohortStartDay!).toBe(r.screeningDurationDays);
      expect(r.dtlEndDay! - r.enrollingEndDay!).toBe(r.dtlDurationDays);
      expect(r.srcEndDay! - r.dtlEndDay!).toBe(r.srcDurationDays);
      if (!r.predecessorCohortName) expect(r.cohortStartDay).toBe(fps);
      else {
        const p = byName.get(r.predecessorCohortName)!;
        expect(r.cohortStartDay).toBe(phaseEnd(p, r.predecessorActivity!)! + r.lagDays);
      }
      expect(r.cohortStartDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it('leaves a cohort the network cannot enroll unreached (null dates), and its successors', () => {
    const prepared = preparedPlan({ groups: [preparedGroup({ screenRatePerSiteDay: 0 })] });
    const chain = cohortChain(
      [
        row({ cohortName: 'A' }),
        row({ cohortName: 'B', predecessorCohortName: 'A', predecessorActivity: 'SRC' }),
      ],
      prepared,
    );
    expect(chain.rows[0]).toMatchObject({ cohortStartDay: 0, enrollingEndDay: null, srcEndDate: null });
    expect(chain.rows[1]).toMatchObject({ cohortStartDay: null, cohortStartDate: null });
  });

  it('the schema already rejects cycles, unknown predecessors and a missing first cohort', () => {
    const bad = (cohorts: unknown[]) => {
      const i = rawInput();
      i.plan.studyPlanType = 2;
      i.plan.studyPlanTypeDetail = 'Cohort (D)';
      i.plan.cohorts = cohorts;
      const r = parseSimulationInput(i);
      return r.ok ? [] : r.errors.map((e) => e.message);
    };
    const r = (name: string, pred: string | null) => ({
      ...row({ cohortName: name }),
      predecessorCohortName: pred,
      predecessorActivity: pred ? 'SRC' : null,
    });
    expect(bad([r('A', null), r('B', 'A')])).toEqual([]);
    expect(bad([r('A', null), r('B', 'C'), r('C', 'B')])).toContain('Sequential cohorts setup is not valid');
    expect(bad([r('A', null), r('B', 'X')])).toContain('Sequential cohorts setup is not valid');
    expect(bad([r('A', 'B'), r('B', 'A')])).toContain('Sequential cohorts setup is not valid');
    expect(bad([])).not.toEqual([]);
  });
});

describe('cohort result sets', () => {
  it('builds 20 sets for the cohort example and 13 for a plan without cohorts', () => {
    const { input, prepared, line } = loadCohortExample();
    const sets = buildResultSets(input, prepared, line);
    expect(Object.keys(sets)).toHaveLength(20);
    const w1 = parseSimulationInput(
      JSON.parse(readFileSync(new URL('../examples/w1.json', import.meta.url), 'utf8')),
    );
    if (!w1.ok) throw new Error('w1');
    const p1 = preparePlan(w1.input);
    expect(Object.keys(buildResultSets(w1.input, p1, computePlanLine(p1)))).toHaveLength(13);
  });

  it('cohort totals add up to the plan totals and to the cohort patients', () => {
    const { input, prepared, line } = loadCohortExample();
    const { sets } = cohortResultSets(input, prepared);
    const plan = buildResultSets(input, prepared, line).summaryTable.at(-1)!;
    const patients = input.plan.cohorts!.reduce((s, c) => s + c.patients, 0);
    const overall = sets.summaryTableCohort.at(-1)!;
    expect(overall.cohortName).toBe('Overall');
    expect(overall['Number of Patients Enrolled']).toBe(patients);
    expect(overall['Number of Patients Enrolled']).toBe(plan['Number of Patients Enrolled']);
    expect(overall['Number of Patients Screened']).toBe(plan['Number of Patients Screened']);
    expect(overall['Number of Patients Completing Treatment']).toBe(
      plan['Number of Patients Completing Treatment'],
    );
    sets.summaryTableCohort.slice(0, -1).forEach((r, k) => {
      expect(r['Number of Patients Enrolled']).toBe(input.plan.cohorts![k]!.patients);
    });
    for (const t of [
      sets.cohortDetailsMonthlyCumulative,
      sets.cohortDetailsWeeklyCumulative,
      sets.cohortDetailsMonthlyNonCumulative,
      sets.cohortDetailsWeeklyNonCumulative,
    ]) {
      const last = (a: number[]) => a.at(-1)!;
      const sum = (a: number[]) => a.reduce((s, v) => s + v, 0);
      const total = t.cumulative ? last : sum;
      expect(total(t.table_body.enrolled.header_totals)).toBe(patients);
      expect(total(t.table_body.screened.header_totals)).toBe(overall['Number of Patients Screened']);
      expect(total(t.table_body.completed.header_totals)).toBe(
        overall['Number of Patients Completing Treatment'],
      );
      expect(t.table_body.enrolled.sub_table_body.map((r) => r.country_name)).toEqual(
        input.plan.cohorts!.map((c) => c.cohortName),
      );
    }
    expect(sets.cohortChartMonthly.total.cumulativeEnrolled.at(-1)).toBe(patients);
  });

  it('timeline rows: four phases per cohort, back to back, from the chain', () => {
    const { input, prepared } = loadCohortExample();
    const { sets, chain } = cohortResultSets(input, prepared);
    expect(sets.cohortTimelineChart).toHaveLength(4 * chain.rows.length);
    chain.rows.forEach((r, k) => {
      const phases = sets.cohortTimelineChart.slice(4 * k, 4 * k + 4);
      expect(phases.map((p) => p.milestoneName)).toEqual(['Screening', 'Enrolling', 'DTL', 'SRC']);
      expect(phases[0]!.studyDayStart).toBe(r.cohortStartDay);
      for (let j = 1; j < 4; j++)
        expect(phases[j]!.studyDayStart).toBe(phases[j - 1]!.studyDayStart + phases[j - 1]!.studyDayDuration);
      expect(phases[3]!.studyDayStart + phases[3]!.studyDayDuration).toBe(r.srcEndDay);
      expect(phases[0]!['Project Start Date']).toBe('05/Jan/2026');
    });
  });
});

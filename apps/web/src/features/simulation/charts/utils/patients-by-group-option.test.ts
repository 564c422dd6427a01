import { describe, expect, it } from 'vitest';
import { cohortSets, combinationSets } from '../test/chart-fixtures';
import type { AxisTooltipParam } from './option-types';
import {
  buildPatientsByGroupOption,
  ENROLLED_LINE,
  PATIENT_SEGMENTS,
  patientsTooltip,
  groupRows,
} from './patients-by-group-option';

type Series = { name: string; type: string; stack?: string; data: number[] };

describe('buildPatientsByGroupOption', () => {
  const option = buildPatientsByGroupOption(cohortSets.summaryTable ?? []);
  const series = option.series as Series[];
  const byName = (name: string) => series.find((s) => s.name === name)?.data;

  it('has one bar per site group, without the Overall row', () => {
    expect(option.xAxis).toMatchObject({ data: ['USA - Central', 'France'] });
  });

  it('stacks completed, enrolled-not-completing and screen failed so each stack is the screened count', () => {
    // USA - Central: 35 screened, 24 enrolled, 22 completing; France: 25, 18, 16.
    expect(byName(PATIENT_SEGMENTS.completed)).toEqual([22, 16]);
    expect(byName(PATIENT_SEGMENTS.droppedOut)).toEqual([2, 2]);
    expect(byName(PATIENT_SEGMENTS.screenFailed)).toEqual([11, 7]);
    expect(series.filter((s) => s.type === 'bar').every((s) => s.stack === 'patients')).toBe(true);
  });

  it('draws the Enrolled line', () => {
    expect(series.find((s) => s.name === ENROLLED_LINE)).toMatchObject({ type: 'line', data: [24, 18] });
  });

  it('ends the y axis 5 above the maximum', () => {
    expect(option.yAxis).toMatchObject({ min: 0, max: 35 + 5 });
    const combination = buildPatientsByGroupOption(combinationSets.summaryTable ?? []);
    const screened = groupRows(combinationSets.summaryTable).map((r) => r['Number of Patients Screened']);
    expect(combination.yAxis).toMatchObject({ max: Math.max(...screened) + 5 });
  });

  it("tooltips give the group's screened, enrolled and completed counts", () => {
    const params: AxisTooltipParam[] = [{ dataIndex: 1, seriesName: ENROLLED_LINE }];
    expect(patientsTooltip(groupRows(cohortSets.summaryTable), params)).toBe(
      '<strong>France</strong><br/>Screened: <strong>25</strong><br/>Enrolled: <strong>18</strong><br/>' +
        'Completed Treatment: <strong>16</strong>',
    );
  });
});

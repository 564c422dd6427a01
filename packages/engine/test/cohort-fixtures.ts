import { readFileSync } from 'node:fs';
import {
  computePlanLine,
  parseSimulationInput,
  preparePlan,
  type CohortRow,
  type CohortScheduleRow,
} from '../src';

/** The parsed and prepared examples/cohort.json with its ordinary plan line. */
export function loadCohortExample() {
  const r = parseSimulationInput(
    JSON.parse(readFileSync(new URL('../examples/cohort.json', import.meta.url), 'utf8')),
  );
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  const prepared = preparePlan(r.input);
  return { input: r.input, prepared, line: computePlanLine(prepared) };
}

/** A cohort row with zero durations and one patient unless given. */
export const row = (over: Partial<CohortRow> & { cohortName: string }): CohortRow => ({
  predecessorCohortName: null,
  predecessorActivity: null,
  patients: 1,
  lagDays: 0,
  screeningDurationDays: 0,
  dtlDurationDays: 0,
  srcDurationDays: 0,
  ...over,
});

/** The end day of a cohort's phase by its name. */
export const phaseEnd = (r: CohortScheduleRow, phase: string) =>
  ({ Screening: r.screeningEndDay, Enrolling: r.enrollingEndDay, DTL: r.dtlEndDay, SRC: r.srcEndDay })[phase];

/**
 * Benchmark workloads W1-W3 (simulation model section 10). By default they come from examples/w1-3.json through
 * the input side (parseSimulationInput + preparePlan); the built-in PreparedPlan versions below (day 0 2025-01-06,
 * noon UTC) are used with --builtin or when an example file is missing or invalid.
 */
import { existsSync, readFileSync } from 'node:fs';
import { parseSimulationInput, preparePlan } from '../src';
import { DAYS_PER_MONTH } from '../src/time';
import { DEFAULT_UNCERTAINTY, type PreparedGroup, type PreparedPlan } from '../src/model/prepared-plan';

const DAY0_MS = Date.UTC(2025, 0, 6, 12);
/** Northern-hemisphere holiday dips: August and December slower. */
const SEASONAL = [1, 1, 1, 1, 1, 0.95, 0.9, 0.7, 1, 1, 1, 0.6];

interface WorkloadShape {
  groups: number;
  sitesPerGroup: number;
  targetEnrolled: number;
  /** Enrollment rate, patients/site/month. */
  enrollRatePerMonth: number;
  seasonality: boolean;
  fatigue: boolean;
  pause: boolean;
}

function group(i: number, shape: WorkloadShape, screenFail: number): PreparedGroup {
  const first = 90 + 7 * (i % 20);
  return {
    key: `g${i}`,
    name: `Country ${i}`,
    countryIso3: 'XXX',
    region: i % 2 === 0 ? 'Europe' : 'North America',
    milestones: {
      siteIdFinish: 30,
      protocolFinal: 20,
      regulatorySubmission: first - 120,
      firstRegulatoryApproval: first - 30,
      firstSiteActivation: first,
    },
    activationOffsets: Array.from({ length: shape.sitesPerGroup }, (_, j) => 14 * j),
    firstScreenDelayDays: 7,
    screenRatePerSiteDay: shape.enrollRatePerMonth / (1 - screenFail) / DAYS_PER_MONTH,
    seasonal: shape.seasonality ? SEASONAL : new Array<number>(12).fill(1),
    fatigue: shape.fatigue ? { days: 365, finalFactor: 0.7 } : null,
    startupSpanDays: 120,
    screenFailRate: screenFail,
    dropOutRate: 0.1,
    caps: { screened: null, enrolled: null },
    pause: null,
  };
}

function build(shape: WorkloadShape): PreparedPlan {
  const screenFail = 0.2;
  return {
    day0Ms: DAY0_MS,
    horizonDays: 2190,
    groups: Array.from({ length: shape.groups }, (_, i) => group(i, shape, screenFail)),
    targetScreened: Math.round(shape.targetEnrolled / (1 - screenFail)),
    targetEnrolled: shape.targetEnrolled,
    screeningDays: 21,
    treatmentDays: 180,
    followUpDays: 90,
    pause: shape.pause ? { afterEnrolled: 30, days: 28 } : null,
    uncertainty: { ...DEFAULT_UNCERTAINTY },
  };
}

/** W1: 1 country, 10 sites, 100 patients. */
export const W1 = (): PreparedPlan =>
  build({
    groups: 1,
    sitesPerGroup: 10,
    targetEnrolled: 100,
    enrollRatePerMonth: 0.8,
    seasonality: true,
    fatigue: true,
    pause: false,
  });
/** W2: 40 countries x 10 sites, 2,000 patients, seasonality, fatigue, pause after 30 patients for 28 days. */
export const W2 = (): PreparedPlan =>
  build({
    groups: 40,
    sitesPerGroup: 10,
    targetEnrolled: 2000,
    enrollRatePerMonth: 0.5,
    seasonality: true,
    fatigue: true,
    pause: true,
  });
/** W3: 100 countries x 20 sites = 2,000 sites, 10,000 patients. */
export const W3 = (): PreparedPlan =>
  build({
    groups: 100,
    sitesPerGroup: 20,
    targetEnrolled: 10_000,
    enrollRatePerMonth: 0.5,
    seasonality: true,
    fatigue: true,
    pause: true,
  });

/** Built-in workloads, independent of the input side. */
export const BUILTIN_WORKLOADS: Record<string, () => PreparedPlan> = { W1, W2, W3 };

/** The workload from examples/<name>.json via preparePlan, or null when the file is missing or invalid. */
export function exampleWorkload(name: string): PreparedPlan | null {
  const file = new URL(`../examples/${name.toLowerCase()}.json`, import.meta.url);
  if (!existsSync(file)) return null;
  const parsed = parseSimulationInput(JSON.parse(readFileSync(file, 'utf8')));
  return parsed.ok ? preparePlan(parsed.input) : null;
}

/** Workload by name: the example file when available (unless `builtin`), else the built-in plan. */
export function workload(name: string, builtin = false): { plan: PreparedPlan; source: string } {
  const example = builtin ? null : exampleWorkload(name);
  if (example) return { plan: example, source: `examples/${name.toLowerCase()}.json` };
  return { plan: BUILTIN_WORKLOADS[name]!(), source: 'built-in' };
}

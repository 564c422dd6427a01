/** Plan builders shared by the forecast tests. */
import { DEFAULT_UNCERTAINTY, type PreparedGroup, type PreparedPlan } from '../src/model/prepared-plan';
import { MILESTONE_KEYS, NOT_REACHED, type ForecastChunk, type MilestoneKey } from '../src/forecast';

/** 2025-01-01 at noon UTC (a Wednesday). */
export const JAN_1_2025 = Date.UTC(2025, 0, 1, 12);

export function makeGroup(overrides: Partial<PreparedGroup> = {}): PreparedGroup {
  return {
    key: 'g0',
    name: 'Germany',
    countryIso3: 'DEU',
    region: 'Europe',
    milestones: {
      siteIdFinish: 0,
      protocolFinal: 0,
      regulatorySubmission: 0,
      firstRegulatoryApproval: 0,
      firstSiteActivation: 0,
    },
    activationOffsets: [0],
    firstScreenDelayDays: 0,
    screenRatePerSiteDay: 0.05,
    seasonal: new Array<number>(12).fill(1),
    fatigue: null,
    startupSpanDays: 0,
    screenFailRate: 0,
    dropOutRate: 0,
    caps: { screened: null, enrolled: null },
    pause: null,
    ...overrides,
  };
}

export function makePlan(overrides: Partial<PreparedPlan> = {}): PreparedPlan {
  return {
    day0Ms: JAN_1_2025,
    horizonDays: 2000,
    groups: [makeGroup()],
    targetScreened: 50,
    targetEnrolled: 50,
    screeningDays: 0,
    treatmentDays: 0,
    followUpDays: 0,
    pause: null,
    uncertainty: { ...DEFAULT_UNCERTAINTY },
    ...overrides,
  };
}

/** Raw per-replication values of one milestone (NOT_REACHED as Infinity). */
export function milestoneColumn(chunk: ForecastChunk, key: MilestoneKey): Float64Array {
  const m = MILESTONE_KEYS.indexOf(key);
  const n = chunk.to - chunk.from;
  const out = new Float64Array(n);
  for (let r = 0; r < n; r++) {
    const v = chunk.milestones[r * MILESTONE_KEYS.length + m]!;
    out[r] = v === NOT_REACHED ? Infinity : v;
  }
  return out;
}

/**
 * Deviation, in binomial standard errors, of the exact CDF at the Monte Carlo p-quantile from p:
 * (F(q_hat) - p) / sqrt(p (1 - p) / R). |deviation| <= 3 is the exactness criterion.
 */
export function cdfDeviation(
  cdf: (t: number) => number,
  mcQuantile: number,
  p: number,
  replications: number,
): number {
  return (cdf(mcQuantile) - p) / Math.sqrt((p * (1 - p)) / replications);
}

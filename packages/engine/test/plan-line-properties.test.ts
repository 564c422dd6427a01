import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computePlanLine, type PreparedGroup, type PreparedPlan } from '../src';
import { preparedGroup, preparedPlan } from './fixtures';

const groupArb = (withPause: boolean): fc.Arbitrary<PreparedGroup> =>
  fc
    .record({
      fsiv: fc.integer({ min: 0, max: 100 }),
      gaps: fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 0, maxLength: 5 }),
      delay: fc.integer({ min: 0, max: 20 }),
      rate: fc.double({ min: 0, max: 2, noNaN: true }),
      // Seasonal values include zeros (but never all zero, per the schema).
      seasonal: fc
        .array(fc.constantFrom(0, 0.25, 0.5, 1), { minLength: 12, maxLength: 12 })
        .map((s) => (s.every((v) => v === 0) ? [1, ...s.slice(1)] : s)),
      fatigue: fc.option(
        fc.record({
          days: fc.integer({ min: 1, max: 200 }),
          finalFactor: fc.double({ min: 0, max: 1, noNaN: true }),
        }),
        { nil: null },
      ),
      sf: fc.double({ min: 0, max: 0.99, noNaN: true }),
      dropOut: fc.double({ min: 0, max: 0.99, noNaN: true }),
      cap: fc.option(fc.integer({ min: 1, max: 30 }), { nil: null }),
      pause: withPause
        ? fc.option(
            fc.record({
              afterEnrolled: fc.integer({ min: 1, max: 20 }),
              days: fc.integer({ min: 1, max: 60 }),
            }),
            { nil: null },
          )
        : fc.constant(null),
    })
    .map((r) => {
      const offsets = [0];
      for (const gap of r.gaps) offsets.push(offsets[offsets.length - 1]! + gap);
      return preparedGroup({
        milestones: {
          siteIdFinish: 0,
          protocolFinal: 0,
          regulatorySubmission: 0,
          firstRegulatoryApproval: 0,
          firstSiteActivation: r.fsiv,
        },
        activationOffsets: offsets,
        firstScreenDelayDays: r.delay,
        screenRatePerSiteDay: r.rate,
        seasonal: r.seasonal,
        fatigue: r.fatigue,
        screenFailRate: r.sf,
        dropOutRate: r.dropOut,
        caps: { screened: r.cap, enrolled: null },
        pause: r.pause,
      });
    });

const planArb = (withPause: boolean): fc.Arbitrary<PreparedPlan> =>
  fc
    .record({
      groups: fc.array(groupArb(withPause), { minLength: 1, maxLength: 4 }),
      target: fc.integer({ min: 1, max: 60 }),
      sd: fc.integer({ min: 0, max: 30 }),
      td: fc.integer({ min: 1, max: 60 }),
      fu: fc.integer({ min: 0, max: 30 }),
    })
    .map((r) =>
      preparedPlan({
        groups: r.groups.map((g, i) => ({ ...g, key: `g${i}` })),
        horizonDays: 500,
        targetScreened: r.target,
        targetEnrolled: Math.max(1, Math.round(r.target * 0.8)),
        screeningDays: r.sd,
        treatmentDays: r.td,
        followUpDays: r.fu,
      }),
    );

const MILESTONES = [
  'firstScreened',
  'firstEnrolled',
  'enrolled25',
  'enrolled50',
  'enrolled75',
  'lastEnrolled',
] as const;

/** a is no later than b: reached earlier or equal, or b not reached. */
const noLater = (a: number | null, b: number | null) => b === null || (a !== null && a <= b);

describe('plan line properties', () => {
  it('curves are finite, non-decreasing, capped, and enrolled <= screened, completed <= enrolled', () => {
    fc.assert(
      fc.property(planArb(true), (plan) => {
        const line = computePlanLine(plan);
        const eps = 1e-9;
        // Plain comparisons in the loop (expect() per day is too slow); one assertion per curve set.
        const problems: string[] = [];
        for (const g of [...line.groups.map((l) => l.curves), line.total]) {
          const { screened, enrolled, completedTreatment, completedFollowUp } = g;
          for (let d = 0; d <= plan.horizonDays; d++) {
            for (const c of [screened, enrolled, completedTreatment, completedFollowUp]) {
              if (!Number.isFinite(c[d]!)) problems.push(`not finite on day ${d}`);
              if (d > 0 && c[d]! < c[d - 1]! - eps) problems.push(`decreasing on day ${d}`);
            }
            if (enrolled[d]! > screened[d]! + eps) problems.push(`enrolled > screened on day ${d}`);
            if (completedTreatment[d]! > enrolled[d]! + eps)
              problems.push(`completed > enrolled on day ${d}`);
            if (completedFollowUp[d]! > completedTreatment[d]! + eps)
              problems.push(`follow-up > completed on day ${d}`);
          }
        }
        expect(problems).toEqual([]);
        const last = plan.horizonDays;
        expect(line.total.screened[last]!).toBeLessThanOrEqual(plan.targetScreened + 1e-6);
        plan.groups.forEach((g, i) => {
          if (g.caps.screened !== null)
            expect(line.groups[i]!.curves.screened[last]!).toBeLessThanOrEqual(g.caps.screened + 1e-6);
        });
      }),
      { numRuns: 150 },
    );
  });

  it('more sites or higher rates never make a plan-line milestone later (no pauses)', () => {
    fc.assert(
      fc.property(
        planArb(false),
        fc.nat(3),
        fc.double({ min: 1, max: 3, noNaN: true }),
        fc.nat(40),
        (plan, which, factor, gap) => {
          const i = which % plan.groups.length;
          const g = plan.groups[i]!;
          const more = (change: Partial<typeof g>) => ({
            ...plan,
            groups: plan.groups.map((x, k) => (k === i ? { ...x, ...change } : x)),
          });
          const base = computePlanLine(plan).milestones;
          const offsets = g.activationOffsets;
          const withSite = computePlanLine(
            more({ activationOffsets: [...offsets, offsets[offsets.length - 1]! + gap] }),
          ).milestones;
          const faster = computePlanLine(
            more({ screenRatePerSiteDay: g.screenRatePerSiteDay * factor }),
          ).milestones;
          for (const m of MILESTONES) {
            expect(noLater(withSite[m], base[m])).toBe(true);
            expect(noLater(faster[m], base[m])).toBe(true);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});

import { describe, expect, it } from 'vitest';
import { activationOffsets, milestoneChain, parseSimulationInput, type SimulationInput } from '../src';
import { dayMs, rawInput } from './fixtures';

function parsed(edit: (i: ReturnType<typeof rawInput>) => void = () => {}): SimulationInput {
  const raw = rawInput();
  edit(raw);
  const r = parseSimulationInput(raw);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.input;
}

const chainOf = (input: SimulationInput) => milestoneChain(input.plan, input.siteGroups[0]!);

describe('milestoneChain', () => {
  it('chains site ID, submission, approval, FSIV and FPS from the admin day counts', () => {
    // 2 sites -> Small effort: site ID 10; submission max(protocol 0, 10) + 5 = 15; approval + Medium 20 = 35;
    // FSIV + timeSIVDays 5 = 40; FPS + 2 = 42.
    expect(chainOf(parsed())).toEqual({
      chain: {
        siteIdFinish: 10,
        protocolFinal: 0,
        regulatorySubmission: 15,
        firstRegulatoryApproval: 35,
        firstSiteActivation: 40,
        firstPatientScreened: 42,
      },
      violations: [],
    });
  });

  it('uses the plan durations and a late protocol date', () => {
    const input = parsed((i) => {
      i.plan.croProjectStartToSiteIdDuration = 50;
      i.plan.regApprovalToFSIVDuration = 9;
      i.plan.finalProtocolStartDateMillis = dayMs(60);
    });
    // submission max(60, 50) + 5 = 65; approval 85; FSIV 94; FPS 96.
    expect(chainOf(input).chain).toMatchObject({
      siteIdFinish: 50,
      protocolFinal: 60,
      regulatorySubmission: 65,
      firstSiteActivation: 94,
      firstPatientScreened: 96,
    });
  });

  it('submits after the first site ID with rolling submission', () => {
    const input = parsed((i) => {
      i.siteGroups[0]!.isRollingSubmission = 1;
      i.siteGroups[0]!.firstSiteIdDays = 3;
      i.siteGroups[0]!.timeSiteIdSize = 'Large';
    });
    // Site ID 30 (Large) but submission max(0, 3) + 5 = 8.
    expect(chainOf(input).chain).toMatchObject({
      siteIdFinish: 30,
      regulatorySubmission: 8,
      firstRegulatoryApproval: 28,
    });
  });

  it('moves everything after an override, and accepts an override equal to its predecessor', () => {
    const input = parsed((i) => {
      i.siteGroups[0]!.milestoneOverrides = [{ milestone: 'regulatorySubmission', dateMillis: dayMs(100) }];
    });
    expect(chainOf(input)).toEqual({
      chain: {
        siteIdFinish: 10,
        protocolFinal: 0,
        regulatorySubmission: 100,
        firstRegulatoryApproval: 120,
        firstSiteActivation: 125,
        firstPatientScreened: 127,
      },
      violations: [],
    });
    const fps = parsed((i) => {
      i.siteGroups[0]!.milestoneOverrides = [{ milestone: 'firstPatientScreened', dateMillis: dayMs(40) }];
    });
    expect(chainOf(fps).chain.firstPatientScreened).toBe(40);
  });

  it('reports an override earlier than its predecessor', () => {
    // parseSimulationInput rejects this input, so the overrides are set after parsing a valid one.
    const input = parsed();
    input.siteGroups[0]!.milestoneOverrides = [
      { milestone: 'firstRegulatoryApproval', dateMillis: dayMs(60) },
      { milestone: 'firstSiteActivation', dateMillis: dayMs(59) },
    ];
    expect(chainOf(input).violations).toEqual([
      { milestone: 'firstSiteActivation', overrideIndex: 1, earliestDay: 60 },
    ]);
  });
});

describe('activationOffsets', () => {
  const p = (sites: number, days: number) => ({ sites, days });

  it('spaces sites 30 days apart without a profile', () => {
    expect(activationOffsets(4, null)).toEqual([0, 30, 60, 90]);
  });

  it('activates site j on the first day the linear profile reaches j', () => {
    // (1,0)-(2,21)-(3,45)-(5,90): site 4 at 45 + 45/2 = 67.5 -> day 68.
    expect(activationOffsets(5, [p(1, 0), p(2, 21), p(3, 45), p(5, 90)])).toEqual([0, 21, 45, 68, 90]);
  });

  it('starts from 0 sites on day 0 when the profile starts later, keeping the first site at FSIV', () => {
    // (0,0)-(4,40): site j at 10j; site 1 is FSIV by definition.
    expect(activationOffsets(4, [p(4, 40)])).toEqual([0, 20, 30, 40]);
  });

  it('activates several sites on one day and continues every 30 days past the last point', () => {
    expect(activationOffsets(5, [p(3, 0), p(4, 10)])).toEqual([0, 0, 0, 10, 40]);
  });

  it('cuts a profile with more sites than the group has', () => {
    expect(activationOffsets(2, [p(1, 0), p(10, 90)])).toEqual([0, 10]);
  });
});

import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  binomial,
  gammaMeanOne,
  MS_PER_DAY,
  parseSimulationInput,
  poisson,
  preparePlan,
  Xoshiro128,
  type SimulationInput,
} from '@predict/engine';
import type { CtmsExtractBodyInput } from '@predict/shared';
import { forecastRecords, simulationRuns, studyPlans } from '../../src/db/schema';
import { baselineInput } from './actuals-fixtures';
import type { TestApp } from './app';
import { addStudies, createPlan, ratesPlan } from './plans';
import { addPlanCountry } from './run-fixtures';

/**
 * Small synthetic completed studies for the fit tests: each a Baseline Plan whose baseline of record's run input
 * is the engine's example w1 on Germany and France (5 sites each, target 100 enrolled), started `shift` days
 * apart, and a CTMS extract drawn from the engine's model with a study, a country and a site rate factor (Gamma,
 * CVs 0.3 / 0.4 / 0.6), start-up shifts of up to a month and 80% of the screened enrolled, until the target is in.
 */

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** w1 on two countries, 5 sites each, day 0 moved `shiftDays` earlier. */
export function portfolioInput(germany: number, france: number, shiftDays: number): SimulationInput {
  const base = baselineInput(germany);
  const shift = shiftDays * MS_PER_DAY;
  const plan = {
    ...base.plan,
    croProjectStartDateMillis: base.plan.croProjectStartDateMillis - shift,
    finalProtocolStartDateMillis: base.plan.finalProtocolStartDateMillis! - shift,
  };
  const [g] = base.siteGroups;
  const group = (id: number, name: string, iso3: string) => ({
    ...g!,
    siteGroupId: String(id),
    siteGroupName: name,
    countryIso3: iso3,
    NUM_SITES_ACTIVATED: { lowerBound: 5, upperBound: 5 },
  });
  const parsed = parseSimulationInput({
    ...base,
    plan,
    siteGroups: [group(germany, 'Germany', 'DEU'), group(france, 'France', 'FRA')],
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.input;
}

/** An extract of the input's plan drawn from the model (see the file comment), as of a month after its LPI. */
export function drawnExtract(input: SimulationInput, seed: number): CtmsExtractBodyInput {
  const rng = new Xoshiro128(seed, 1);
  const prepared = preparePlan(input);
  const theta = gammaMeanOne(rng, 0.3);
  const sites: CtmsExtractBodyInput['sites'] = [];
  const counts = new Map<string, { site: string; day: number; rate: number }>();
  for (const group of prepared.groups) {
    const iso3 = group.countryIso3;
    const c = gammaMeanOne(rng, 0.4);
    const shift = Math.round(rng.uniform() * 30);
    group.activationOffsets.forEach((offset, j) => {
      const site = `${iso3}${j + 1}`;
      const day = group.milestones.firstSiteActivation + offset + shift;
      const activated = prepared.day0Ms + day * MS_PER_DAY;
      sites.push({
        siteNumber: site,
        piName: `Dr ${site}`,
        countryIso3: iso3,
        siteSelectedDate: isoDay(activated - 60 * MS_PER_DAY),
        siteActivatedDate: isoDay(activated),
        siteStatus: 'Enrolling',
      });
      const rate = group.screenRatePerSiteDay * theta * c * gammaMeanOne(rng, 0.6);
      counts.set(site, { site, day: day + group.firstScreenDelayDays, rate });
    });
  }
  const siteMonths: CtmsExtractBodyInput['siteMonths'] = [];
  const first = new Date(prepared.day0Ms);
  let enrolled = 0;
  let month = Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), 1, 12);
  let last = month;
  while (enrolled < prepared.targetEnrolled && month < Date.now() - 120 * MS_PER_DAY) {
    const next = Date.UTC(new Date(month).getUTCFullYear(), new Date(month).getUTCMonth() + 1, 1, 12);
    for (const s of counts.values()) {
      const from = Math.max(month, prepared.day0Ms + s.day * MS_PER_DAY);
      const days = Math.max(0, (next - from) / MS_PER_DAY);
      const screened = days > 0 ? poisson(rng, s.rate * days) : 0;
      if (screened === 0 || enrolled >= prepared.targetEnrolled) continue;
      const inMonth = Math.min(binomial(rng, screened, 0.8), prepared.targetEnrolled - enrolled);
      enrolled += inMonth;
      last = month;
      siteMonths.push({
        siteNumber: s.site,
        month: isoDay(month).slice(0, 7),
        screened,
        enrolled: inMonth,
        completedTreatment: 0,
        droppedOut: 0,
        completedFollowUp: 0,
      });
    }
    month = next;
  }
  return { asOf: new Date(last + 45 * MS_PER_DAY).toISOString(), sites, siteMonths };
}

/** Creates completed (or, with `complete: false`, unfinished) studies through the API and the repositories. */
export function calibrationFitFixtures(t: TestApp, planner: Record<string, string>) {
  const db = t.database.db;
  let groups: { germany: number; france: number } | null = null;
  let made = 0;

  async function completedStudy(options: { complete?: boolean } = {}) {
    made += 1;
    const [studyId] = (await addStudies(t, `FIT-${String(made).padStart(4, '0')}`)) as [number];
    const plan = await createPlan(t, planner, studyId, ratesPlan({ studyPlanName: `Baseline ${made}` }));
    if (!groups) {
      const de = await addPlanCountry(t, plan.id, 0, { iso3: 'DEU', name: 'Germany', eu: true, sites: 5 });
      const fr = await addPlanCountry(t, plan.id, 1, { iso3: 'FRA', name: 'France', eu: true, sites: 5 });
      groups = { germany: de.siteGroupId, france: fr.siteGroupId };
    }
    await db
      .update(studyPlans)
      .set({ scenarioStatus: 'Baseline Plan' })
      .where(eq(studyPlans.studyPlanId, plan.id));
    const input = portfolioInput(groups.germany, groups.france, 40 * made);
    const [run] = await db
      .insert(simulationRuns)
      .values({
        studyPlanId: plan.id,
        status: 'COMPLETED_OK',
        seed: 7,
        replications: 400,
        engineVersion: 'test',
        inputs: input,
        requestedByIssuer: 'test',
        requestedBySubject: 'test',
        requestedBy: 'Test',
        finishedAt: new Date(),
      })
      .returning({ simRunId: simulationRuns.simRunId });
    await db.insert(forecastRecords).values({
      simRunId: run!.simRunId,
      studyPlanId: plan.id,
      studyId,
      planVersion: 1,
      inputsHash: 'test',
      studyPlanTypeDetail: 'Rates',
      scenarioStatus: 'Baseline Plan',
      engineVersion: 'test',
      forecast: {},
      isBaseline: true,
    });
    const body = drawnExtract(input, made);
    if (options.complete === false) body.siteMonths = body.siteMonths.slice(0, 3);
    const res = await t.app.inject({
      method: 'POST',
      url: `/ctpo/study/${studyId}/CtmsExtract`,
      headers: planner,
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return { studyId, planId: plan.id };
  }

  return { completedStudy };
}

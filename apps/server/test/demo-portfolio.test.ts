import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_UNCERTAINTY, parseSimulationInput } from '@predict/engine';
import { CalibrationFitStatus, type ForecastCalibrationResponse } from '@predict/shared';
import { DEMO_PORTFOLIO_TRUTH, demoPortfolio } from '../src/seed/demo-portfolio';
import { seedDemoData } from '../src/seed/seed-demo-data';
import { seedDemoPortfolio } from '../src/seed/seed-demo-portfolio';
import { simulationRuns, studies } from '../src/db/schema';
import { bearer, createTestApp, type TestApp } from './helpers/app';

/**
 * The demo portfolio (issue 24 part 5): loaded through the completed-studies import at first start, its studies
 * are completed in the track record, span 2 to 40 countries, and their truth is wider than the engine's defaults,
 * so the defaults' P10-P90 of LPI covers fewer than 80% of them; a fit of them is accepted.
 */

let t: TestApp;
let viewer: Record<string, string>;
let loaded = 0;
let track: ForecastCalibrationResponse;
const codes = demoPortfolio(Date.now()).map((s) => s.identity.projectId);

beforeAll(async () => {
  t = await createTestApp();
  viewer = bearer(await t.token('viewer'));
  await seedDemoData(t.database.db);
  const started = Date.now();
  loaded = await seedDemoPortfolio(t.database.db);
  console.log(`demo portfolio: ${loaded} studies in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const res = await t.app.inject({ method: 'GET', url: '/ctpo/admin/forecast-calibration', headers: viewer });
  expect(res.statusCode, res.body).toBe(200);
  track = res.json();
}, 180_000);
afterAll(async () => t?.close());

describe('the demo portfolio', () => {
  it('loads every study once, as demo data; a second seed adds none', async () => {
    expect(loaded).toBe(codes.length);
    const rows = await t.database.db.select().from(studies).where(inArray(studies.projectId, codes));
    expect(rows).toHaveLength(codes.length);
    expect(rows.every((r) => r.isDemo)).toBe(true);
    expect(await seedDemoPortfolio(t.database.db)).toBe(0);
  });

  it('has at least 30 completed studies, of 2 to 40 countries, with sponsors and indications', async () => {
    const completed = track.studies.filter((s) => codes.includes(s.projectId));
    expect(completed.length).toBeGreaterThanOrEqual(30);
    const countries: number[] = [];
    for (const s of completed) {
      const [run] = await t.database.db
        .select()
        .from(simulationRuns)
        .where(eq(simulationRuns.simRunId, s.simRunId));
      const input = parseSimulationInput(run!.inputs);
      if (!input.ok) throw new Error('unreadable run input');
      countries.push(new Set(input.input.siteGroups.map((g) => g.countryIso3)).size);
    }
    expect(Math.min(...countries)).toBe(2);
    expect(Math.max(...countries)).toBe(40);
    const rows = await t.database.db.select().from(studies).where(inArray(studies.projectId, codes));
    expect(rows.every((r) => r.sponsorName.length > 0 && (r.indication ?? '').length > 0)).toBe(true);
  });

  it('is drawn from a truth wider than the defaults, and the defaults cover fewer than 80% of its LPIs', () => {
    // The property that makes the coverage fall short: every spread of the truth exceeds the default.
    for (const key of [
      'studyRateCv',
      'countryRateCv',
      'siteRateCv',
      'startupCv',
      'siteInactivationPerYear',
    ] as const)
      expect(DEMO_PORTFOLIO_TRUTH[key]).toBeGreaterThan(DEFAULT_UNCERTAINTY[key]);
    const lpi = track.milestones.find((m) => m.milestone === 'lpi')!;
    expect(lpi.n).toBeGreaterThanOrEqual(30);
    expect(lpi.coverage.share!).toBeLessThan(0.8);
  });

  it('is enough for a fit: an admin starts one on it', async () => {
    const admin = bearer(await t.token('admin'));
    const res = await t.app.inject({ method: 'POST', url: '/ctpo/admin/calibration/fits', headers: admin });
    expect(res.statusCode, res.body).toBe(202);
    const fit = CalibrationFitStatus.parse(res.json());
    expect(fit.studies).toBeGreaterThanOrEqual(30);
  });
});

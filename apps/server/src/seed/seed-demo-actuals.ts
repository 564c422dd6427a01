import { computePlanLine, MS_PER_DAY, parseSimulationInput, preparePlan } from '@predict/engine';
import type { CtmsExtractBodyInput } from '@predict/shared';
import { findLatestCtmsExtract } from '../repositories/ctms-extracts-repository';
import { SYSTEM_ACTOR } from '../repositories/audit-repository';
import { findDemoPlanId, findPlanRow } from '../repositories/demo-seed-repository';
import { findLatestRun } from '../repositories/simulation-runs-repository';
import { loadCtmsExtract } from '../services/actuals/load-ctms-extract';
import { changePlanStatus } from '../services/plans/change-plan-status';
import type { Db } from '../db/client';
import {
  DEMO_ACTUALS_PACE,
  DEMO_ACTUALS_STUDY_PLANS,
  DEMO_BASELINE_PLAN_NAME,
  DEMO_EXTRACT_AGE_HOURS,
} from './demo-actuals';
import { DEMO_PLAN_AUTHOR } from './seed-demo-plans';

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const monthStart = (ms: number) => {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
};
const nextMonth = (ms: number) => {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
};

type Site = CtmsExtractBodyInput['sites'][number];
type SiteMonth = CtmsExtractBodyInput['siteMonths'][number];

/**
 * A plausible extract from a run's input, as of `asOfMs`: the plan line's sites and counts per country, scaled by
 * the country's pace (DEMO_ACTUALS_PACE: well behind activates sites a month late and two not yet, not started
 * none, ahead a little early); monthly counts shared out over the country's active sites. One site is Closed,
 * sites not active yet are in Start-up with a forecast date, and one more is Selected only.
 */
export function demoExtract(inputs: unknown, asOfMs: number): CtmsExtractBodyInput | null {
  const parsed = parseSimulationInput(inputs);
  if (!parsed.ok) return null;
  const prepared = preparePlan(parsed.input);
  const line = computePlanLine(prepared);
  const day0 = prepared.day0Ms;
  const asOfDay = Math.floor((asOfMs - day0) / MS_PER_DAY);
  const sites: Site[] = [];
  const siteMonths: SiteMonth[] = [];
  parsed.input.siteGroups.forEach((g, i) => {
    const group = prepared.groups[i]!;
    const curves = line.groups[i]!.curves;
    const pace = DEMO_ACTUALS_PACE[i % DEMO_ACTUALS_PACE.length]!;
    const shift = pace <= 0.6 ? 30 : pace > 1 ? -10 : 0;
    // Well behind: the country's last two sites are still in start-up; not started: all of them.
    const lateFrom = pace === 0 ? 0 : pace <= 0.6 ? group.activationOffsets.length - 2 : Infinity;
    const centralLocal = / - (Central|Local)$/.exec(g.siteGroupName)?.[1] as 'Central' | 'Local' | undefined;
    const active: { number: string; day: number }[] = [];
    group.activationOffsets.forEach((offset, j) => {
      const planned = group.milestones.firstSiteActivation + offset + shift;
      const late = j >= lateFrom;
      const day = late ? Math.max(planned, asOfDay + 20 + 15 * j) : planned;
      const number = `${g.countryIso3}-${String(101 + j)}`;
      const activated = day <= asOfDay;
      if (activated) active.push({ number, day });
      sites.push({
        siteNumber: number,
        piName: `Dr ${['Keller', 'Novak', 'Moreau', 'Santos', 'Ito', 'Brown', 'Weber', 'Rossi'][(i * 3 + j) % 8]}`,
        countryIso3: g.countryIso3,
        centralLocal: centralLocal ?? null,
        siteSelectedDate: isoDay(day0 + Math.min(day - 75, asOfDay - 10) * MS_PER_DAY),
        siteActivatedDate: activated ? isoDay(day0 + day * MS_PER_DAY) : null,
        siteActivationForecastDate: activated
          ? null
          : isoDay(day0 + Math.max(day, asOfDay + 14) * MS_PER_DAY),
        siteStatus: activated ? (i === 0 && j === 1 ? 'Closed' : 'Enrolling') : 'Start-up',
        contractStatus: activated ? 'Executed' : 'In negotiation',
        currency: null,
      });
    });
    if (i === 0)
      sites.push({
        siteNumber: `${g.countryIso3}-199`,
        countryIso3: g.countryIso3,
        centralLocal: centralLocal ?? null,
        siteSelectedDate: isoDay(asOfMs - 20 * MS_PER_DAY),
        siteStatus: 'Selected',
      });
    // Cumulative counts rounded, so the months add up to the rounded total; a month without an active site
    // carries its patients to the next one.
    const at = (c: Float64Array, ms: number) =>
      pace * (c[Math.max(0, Math.min(Math.floor((ms - day0) / MS_PER_DAY), asOfDay, c.length - 1))] ?? 0);
    const keys = ['screened', 'enrolled', 'completedTreatment', 'droppedOut', 'completedFollowUp'] as const;
    const cum = (key: (typeof keys)[number], ms: number) =>
      Math.round(
        key === 'droppedOut'
          ? group.dropOutRate * at(curves.enrolled, ms - (prepared.treatmentDays / 2) * MS_PER_DAY)
          : at(curves[key === 'completedTreatment' ? 'completedTreatment' : key], ms),
      );
    const done: Record<string, number> = Object.fromEntries(keys.map((k) => [k, 0]));
    for (let m = monthStart(day0); m <= asOfMs; m = nextMonth(m)) {
      const end = Math.min(nextMonth(m) - MS_PER_DAY, asOfMs);
      const open = active.filter((s) => day0 + s.day * MS_PER_DAY <= end);
      if (open.length === 0) continue;
      const month = isoDay(m).slice(0, 7);
      const rows = open.map((s) => ({
        siteNumber: s.number,
        month,
        screened: 0,
        enrolled: 0,
        completedTreatment: 0,
        droppedOut: 0,
        completedFollowUp: 0,
      }));
      for (const key of keys) {
        const total = cum(key, end);
        const n = Math.max(0, total - done[key]!);
        for (let k = 0; k < n; k++) rows[(k + m / MS_PER_DAY) % rows.length]![key] += 1;
        done[key] = Math.max(done[key]!, total);
      }
      siteMonths.push(...rows.filter((r) => keys.some((k) => r[k] > 0)));
    }
  });
  return { asOf: new Date(asOfMs).toISOString(), sites, siteMonths };
}

/**
 * Makes each demo baseline plan (DEMO_ACTUALS_STUDY_PLANS, run while seeding) its study's Baseline Plan and loads a
 * demo extract taken DEMO_EXTRACT_AGE_HOURS ago, through the extract's own checks and audit. A study that already
 * has an extract is left as it is (idempotent). Answers how many extracts were added.
 */
export async function seedDemoActuals(db: Db, now = Date.now()): Promise<number> {
  let added = 0;
  for (const spec of DEMO_ACTUALS_STUDY_PLANS) {
    const planId = await findDemoPlanId(db, spec.projectId, DEMO_BASELINE_PLAN_NAME);
    if (planId === null) continue;
    const plan = await findPlanRow(db, planId);
    const run = await findLatestRun(db, planId);
    if (!plan || run?.status !== 'COMPLETED_OK' || (await findLatestCtmsExtract(db, plan.studyId))) continue;
    const asOf = now - DEMO_EXTRACT_AGE_HOURS * 3_600_000;
    const extract = demoExtract(run.inputs, Math.floor(asOf / 60_000) * 60_000);
    if (!extract) continue;
    if (plan.scenarioStatus === 'Draft')
      await changePlanStatus(db, DEMO_PLAN_AUTHOR, plan.studyId, {
        studyId: plan.studyId,
        studyPlanId: planId,
        scenarioStatus: 'Baseline Plan',
        rowVersion: plan.rowVersion,
      });
    await loadCtmsExtract(db, SYSTEM_ACTOR, plan.studyId, extract, {
      source: 'demo',
      pathOf: (e) => e.path.join('.'),
      now,
    });
    added++;
  }
  return added;
}

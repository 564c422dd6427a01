import { describe, expect, it } from 'vitest';
import { OPPORTUNITY_STAGES } from '@predict/shared';
import { demoData, type DemoStudy } from '../src/seed/load-demo-data';
import { DEMO_STUDY_PLANS } from '../src/seed/demo-plans';
import { demoPlanStart } from '../src/seed/seed-demo-plans';
import { generateStudies } from '../src/seed/study-generator';

const { studies: DEMO_STUDIES, countries: DEMO_COUNTRIES, siteGroups: DEMO_SITE_GROUPS } = demoData();

const FORBIDDEN = /[/#\\&]/;
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const TEXT_FIELDS = [
  'projectId',
  'studyName',
  'sponsorName',
  'opportunityStage',
  'proposalVersion',
  'therapeuticArea',
  'therapeuticFranchise',
  'indication',
  'investigationalProductName',
  'phase',
  'protocolId',
  'protocolTitle',
  'proposalBudgeterName',
  'proposalStrategyName',
  'soeName',
  'soeDescription',
] as const satisfies readonly (keyof DemoStudy)[];

function isValidDate(day: string): boolean {
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(day) && new Date(`${day}T00:00:00.000Z`).toISOString().slice(0, 10) === day
  );
}

function isValidTimestamp(ts: string): boolean {
  return ISO_TIMESTAMP.test(ts) && new Date(ts).toISOString() === ts;
}

/** Every rule a study (hand-written or generated) must keep; returns the broken ones. */
function studyProblems(s: DemoStudy): string[] {
  const problems: string[] = [];
  const p = (msg: string) => problems.push(`${s.projectId}: ${msg}`);
  if (!(OPPORTUNITY_STAGES as readonly string[]).includes(s.opportunityStage)) p('unknown stage');
  if (s.enrollmentPlanExists !== (s.enrollmentPlanLastUpdate !== null)) p('plan flag and date disagree');
  if (s.soeExists !== (s.soeLastUpdate !== null)) p('SoE flag and date disagree');
  if (!s.soeExists && (s.soeCosts || s.soeClinicalInformatics || s.soeDataManagement))
    p('SoE detail without SoE');
  if (s.soeExists !== (s.soeName !== null) || s.soeExists !== (s.soeDescription !== null))
    p('SoE name or description');
  if (!isValidDate(s.proposalDueDate)) p(`bad due date ${s.proposalDueDate}`);
  for (const ts of [s.enrollmentPlanLastUpdate, s.soeLastUpdate]) {
    if (ts !== null && (!isValidTimestamp(ts) || !/^202[56]-/.test(ts))) p(`bad timestamp ${ts}`);
  }
  for (const field of TEXT_FIELDS) {
    const value = s[field];
    if (value !== null && FORBIDDEN.test(value)) p(`${field} has a character the search strips`);
    if (value !== null && value.trim() === '') p(`${field} is blank`);
  }
  return problems;
}

describe('demo studies', () => {
  it('has at least 30 studies with unique, consistently styled project ids', () => {
    expect(DEMO_STUDIES.length).toBeGreaterThanOrEqual(30);
    const ids = DEMO_STUDIES.map((s) => s.projectId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^20\d{2}-[A-Z]{3}-\d{4}$/);
  });

  it('covers every opportunity stage', () => {
    const stages = new Set(DEMO_STUDIES.map((s) => s.opportunityStage));
    for (const stage of OPPORTUNITY_STAGES) expect(stages, stage).toContain(stage);
  });

  it('keeps flags, dates and text consistent', () => {
    expect(DEMO_STUDIES.flatMap(studyProblems)).toEqual([]);
  });

  it('mixes the flags and has sponsors with several studies', () => {
    for (const flag of [
      'enrollmentPlanExists',
      'soeExists',
      'soeCosts',
      'soeClinicalInformatics',
      'soeDataManagement',
    ] as const) {
      const values = new Set(DEMO_STUDIES.map((s) => s[flag]));
      expect(values, flag).toEqual(new Set([true, false]));
    }
    const perSponsor = new Map<string, number>();
    for (const s of DEMO_STUDIES) perSponsor.set(s.sponsorName, (perSponsor.get(s.sponsorName) ?? 0) + 1);
    expect([...perSponsor.values()].some((n) => n > 1)).toBe(true);
  });
});

describe('demo countries and site groups', () => {
  const countryByIso3 = new Map(DEMO_COUNTRIES.map((c) => [c.iso3, c]));

  it('has at least 40 countries with unique ISO codes', () => {
    expect(DEMO_COUNTRIES.length).toBeGreaterThanOrEqual(40);
    expect(countryByIso3.size).toBe(DEMO_COUNTRIES.length);
    expect(new Set(DEMO_COUNTRIES.map((c) => c.iso2)).size).toBe(DEMO_COUNTRIES.length);
    expect(new Set(DEMO_COUNTRIES.map((c) => c.countryName)).size).toBe(DEMO_COUNTRIES.length);
    for (const c of DEMO_COUNTRIES) {
      expect(c.iso3).toMatch(/^[A-Z]{3}$/);
      expect(c.iso2).toMatch(/^[A-Z]{2}$/);
    }
  });

  it('marks exactly the 27 EU member states', () => {
    const eu = DEMO_COUNTRIES.filter((c) => c.isEuMember).map((c) => c.iso2);
    expect(eu.sort()).toEqual(
      [
        'AT',
        'BE',
        'BG',
        'HR',
        'CY',
        'CZ',
        'DK',
        'EE',
        'FI',
        'FR',
        'DE',
        'GR',
        'HU',
        'IE',
        'IT',
        'LV',
        'LT',
        'LU',
        'MT',
        'NL',
        'PL',
        'PT',
        'RO',
        'SK',
        'SI',
        'ES',
        'SE',
      ].sort(),
    );
  });

  it('has one group per country, named after it, and two for the USA', () => {
    const names = DEMO_SITE_GROUPS.map((g) => g.siteGroupName);
    expect(new Set(names).size).toBe(names.length);
    for (const g of DEMO_SITE_GROUPS) expect(countryByIso3.has(g.countryIso3), g.siteGroupName).toBe(true);
    const usa = DEMO_SITE_GROUPS.filter((g) => g.countryIso3 === 'USA').map((g) => g.siteGroupName);
    expect(usa.sort()).toEqual(['USA - Central', 'USA - Local']);
    for (const c of DEMO_COUNTRIES.filter((c) => c.iso3 !== 'USA')) {
      const groups = DEMO_SITE_GROUPS.filter((g) => g.countryIso3 === c.iso3);
      expect(groups.map((g) => g.siteGroupName)).toEqual([c.countryName]);
    }
    const central = DEMO_SITE_GROUPS.find((g) => g.siteGroupName === 'USA - Central');
    const local = DEMO_SITE_GROUPS.find((g) => g.siteGroupName === 'USA - Local');
    expect(central?.timeCountryStartUpMediumDays).toBeLessThan(local?.timeCountryStartUpMediumDays ?? 0);
  });

  it('makes exactly the 27 EU groups CTIS-eligible', () => {
    const ctis = DEMO_SITE_GROUPS.filter((g) => g.isCtisEligible);
    expect(ctis).toHaveLength(27);
    for (const g of DEMO_SITE_GROUPS) {
      expect(g.isCtisEligible, g.siteGroupName).toBe(countryByIso3.get(g.countryIso3)?.isEuMember);
    }
  });

  it('keeps the start-up day counts ordered and plausible', () => {
    for (const g of DEMO_SITE_GROUPS) {
      const name = g.siteGroupName;
      const days = [
        g.timeSiteIdSmallDays,
        g.timeSiteIdMediumDays,
        g.timeSiteIdLargeDays,
        g.timeCountryStartUpSuperShortDays,
        g.timeCountryStartUpShortDays,
        g.timeCountryStartUpMediumDays,
        g.timeCountryStartUpLongDays,
        g.packagePrepDays,
        g.firstSiteIdDays,
        g.timeSIVDays,
        g.timeFirstPatientScreenDays,
      ];
      for (const d of days) expect(Number.isInteger(d) && d >= 0, name).toBe(true);
      expect(g.timeSiteIdSmallDays, name).toBeLessThan(g.timeSiteIdMediumDays);
      expect(g.timeSiteIdMediumDays, name).toBeLessThan(g.timeSiteIdLargeDays);
      expect(g.timeCountryStartUpSuperShortDays, name).toBeLessThan(g.timeCountryStartUpShortDays);
      expect(g.timeCountryStartUpShortDays, name).toBeLessThan(g.timeCountryStartUpMediumDays);
      expect(g.timeCountryStartUpMediumDays, name).toBeLessThan(g.timeCountryStartUpLongDays);
      expect(g.packagePrepDays, name).toBeGreaterThanOrEqual(10);
      expect(g.packagePrepDays, name).toBeLessThanOrEqual(30);
      expect(g.timeSIVDays, name).toBeGreaterThanOrEqual(14);
      expect(g.timeSIVDays, name).toBeLessThanOrEqual(45);
      expect(g.timeFirstPatientScreenDays, name).toBeGreaterThanOrEqual(7);
      expect(g.timeFirstPatientScreenDays, name).toBeLessThanOrEqual(45);
      if (g.isRollingSubmission === 1) {
        expect(g.firstSiteIdDays, name).toBeGreaterThanOrEqual(20);
        expect(g.firstSiteIdDays, name).toBeLessThanOrEqual(60);
      } else {
        expect(g.firstSiteIdDays, name).toBe(0);
      }
    }
    const rolling = DEMO_SITE_GROUPS.filter((g) => g.isRollingSubmission === 1);
    expect(rolling.length).toBeGreaterThan(0);
    expect(rolling.length).toBeLessThan(DEMO_SITE_GROUPS.length / 4);
  });

  it('has activation profiles of 2 to 11 strictly increasing points', () => {
    for (const g of DEMO_SITE_GROUPS) {
      const points = g.activationProfile;
      expect(points.length, g.siteGroupName).toBeGreaterThanOrEqual(2);
      expect(points.length, g.siteGroupName).toBeLessThanOrEqual(11);
      for (const pt of points) {
        expect(Number.isInteger(pt.sites) && pt.sites >= 1, g.siteGroupName).toBe(true);
        expect(Number.isInteger(pt.days) && pt.days >= 0, g.siteGroupName).toBe(true);
      }
      for (let i = 1; i < points.length; i++) {
        const prev = points[i - 1];
        const cur = points[i];
        expect(cur && prev && cur.sites > prev.sites && cur.days > prev.days, g.siteGroupName).toBe(true);
      }
    }
  });

  it('has 12 seasonal values in [0, 1] with at most 2 decimals, not all zero', () => {
    for (const g of DEMO_SITE_GROUPS) {
      const v = g.seasonalVariation;
      expect(v, g.siteGroupName).toHaveLength(12);
      for (const x of v) {
        expect(x >= 0 && x <= 1, g.siteGroupName).toBe(true);
        expect(Math.abs(x * 100 - Math.round(x * 100)) < 1e-9, `${g.siteGroupName}: ${x}`).toBe(true);
      }
      expect(
        v.some((x) => x > 0),
        g.siteGroupName,
      ).toBe(true);
    }
  });
});

describe('generateStudies', () => {
  const generated = generateStudies(10_000);

  it('gives the requested number of unique ids that never collide with the demo studies', () => {
    expect(generated).toHaveLength(10_000);
    const ids = new Set(generated.map((s) => s.projectId));
    expect(ids.size).toBe(10_000);
    for (const s of DEMO_STUDIES) expect(ids.has(s.projectId)).toBe(false);
    expect(generated[0]?.projectId).toBe('LT-000001');
    expect(generated[9_999]?.projectId).toBe('LT-010000');
  });

  it('is deterministic for the same seed and differs for another', () => {
    expect(generateStudies(10_000, 1)).toEqual(generated);
    expect(generateStudies(200, 42)).toEqual(generateStudies(200, 42));
    expect(generateStudies(200, 43)).not.toEqual(generateStudies(200, 42));
    expect(generateStudies(0)).toEqual([]);
    expect(() => generateStudies(-1)).toThrow(RangeError);
  });

  it('keeps the same rules as the hand-written studies and uses every stage', () => {
    expect(generated.flatMap(studyProblems)).toEqual([]);
    const stages = new Set(generated.map((s) => s.opportunityStage));
    expect(stages.size).toBe(OPPORTUNITY_STAGES.length);
    expect(new Set(generated.map((s) => s.sponsorName)).size).toBeGreaterThan(20);
    expect(new Set(generated.map((s) => s.indication)).size).toBeGreaterThan(40);
  });
});

describe('demo plans (data)', () => {
  const studyIds = new Set(DEMO_STUDIES.map((s) => s.projectId));
  const groupNames = new Set(DEMO_SITE_GROUPS.map((g) => g.siteGroupName));
  const all = DEMO_STUDY_PLANS.flatMap((s) => s.plans);
  const bound = (plan: (typeof all)[number], name: string) =>
    plan.step1.parameters?.find((p) => p.parameterName === name)?.lowerBound as number;

  it('belongs to several demo studies and uses demo site groups, each once per plan', () => {
    expect(DEMO_STUDY_PLANS.length).toBeGreaterThanOrEqual(2);
    for (const s of DEMO_STUDY_PLANS) {
      expect(studyIds.has(s.projectId), s.projectId).toBe(true);
      const names = [
        ...s.plans.map((p) => p.step1.studyPlanName),
        ...(s.combinations ?? []).map((c) => c.studyPlanName),
      ];
      expect(new Set(names).size, s.projectId).toBe(names.length);
      for (const c of s.combinations ?? []) {
        expect(c.members.length).toBeGreaterThanOrEqual(2);
        for (const m of c.members) expect(names, m).toContain(m);
      }
    }
    for (const plan of all) {
      const groups = plan.countries.map((c) => c.siteGroupName);
      expect(new Set(groups).size, plan.step1.studyPlanName).toBe(groups.length);
      for (const g of groups) expect(groupNames.has(g), g).toBe(true);
    }
  });

  it('covers every plan type: Rates with the USA, Duration, a 3-cohort Cohort (D) and a combination', () => {
    const rates = all.filter((p) => p.step1.studyPlanType === 1);
    const cohort = all.filter((p) => p.step1.cohortType === 2);
    const duration = all.filter((p) => p.step1.studyPlanType === 2 && p.step1.cohortType !== 2);
    expect(rates.length * cohort.length * duration.length).toBeGreaterThan(0);
    for (const p of rates) {
      expect(p.countries.length).toBeGreaterThanOrEqual(3);
      expect(p.countries.length).toBeLessThanOrEqual(5);
      expect(p.countries.some((c) => c.siteGroupName.startsWith('USA'))).toBe(true);
      expect(p.countries.some((c) => c.fatigue)).toBe(true);
      expect(p.countries.some((c) => c.override?.comment)).toBe(true);
    }
    for (const p of cohort) expect(p.cohorts).toHaveLength(3);
    for (const p of duration) expect(p.step1.overallEnrollmentDuration).toBeGreaterThan(0);
    expect(DEMO_STUDY_PLANS.flatMap((s) => s.combinations ?? []).length).toBeGreaterThan(0);
    expect(rates.some((p) => p.run)).toBe(true);
  });

  it('keeps clinical numbers plausible and the country sites consistent with the plan', () => {
    for (const plan of all) {
      const name = plan.step1.studyPlanName;
      const sites = bound(plan, 'SITES_TO_ACTIVATE');
      const screened = bound(plan, 'SUBJECTS_TO_SCREEN');
      const screenFail = plan.step1.screenFailRate as number;
      expect(sites, name).toBeGreaterThanOrEqual(20);
      expect(sites, name).toBeLessThanOrEqual(60);
      expect(screened, name).toBeGreaterThanOrEqual(120);
      expect(screened, name).toBeLessThanOrEqual(600);
      expect(screenFail, name).toBeGreaterThanOrEqual(0.2);
      expect(screenFail, name).toBeLessThanOrEqual(0.35);
      for (const c of plan.countries) {
        expect(c.rate, `${name} ${c.siteGroupName}`).toBeGreaterThanOrEqual(0.3);
        expect(c.rate, `${name} ${c.siteGroupName}`).toBeLessThanOrEqual(1.2);
        if (c.profile) expect(c.profile.at(-1)?.[0], c.siteGroupName).toBe(c.sites.lower);
      }
      if (plan.step1.studyPlanType === 1) {
        expect(
          plan.countries.reduce((s, c) => s + c.sites.lower, 0),
          name,
        ).toBeLessThanOrEqual(sites);
      } else {
        // Scenario B plans each country's upper bound; together they are the plan's sites (no warning).
        for (const c of plan.countries)
          expect(c.sites.upper, c.siteGroupName).toBeGreaterThanOrEqual(c.sites.lower);
        expect(
          plan.countries.reduce((s, c) => s + (c.sites.upper ?? 0), 0),
          name,
        ).toBe(sites);
      }
      if (plan.cohorts) {
        const patients = plan.cohorts.reduce((s, c) => s + (c.patients ?? 0), 0);
        expect(patients, name).toBe(Math.round(screened * (1 - screenFail)));
      }
    }
  });

  it('starts the plans on the first day of the month after next, at noon UTC', () => {
    expect(demoPlanStart(new Date('2026-11-21T08:00:00Z'))).toBe(Date.UTC(2027, 0, 1, 12));
    expect(demoPlanStart(new Date('2026-01-31T23:00:00Z'))).toBe(Date.UTC(2026, 2, 1, 12));
  });
});

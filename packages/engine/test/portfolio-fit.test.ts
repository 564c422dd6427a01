import { describe, expect, it } from 'vitest';
import {
  fitBeforeCut,
  fitPortfolio,
  predictiveCv,
  PortfolioInputError,
  PortfolioTooSmallError,
  splitByFinish,
  syntheticPortfolio,
  type SyntheticTruth,
} from '../src/portfolio';
import { copies, oneGroupStudy } from './portfolio-fixtures';

const TRUTH: SyntheticTruth = {
  studyRateCv: 0.2,
  countryRateCv: 0.5,
  siteRateCv: 0.8,
  siteInactivationPerYear: 0.2,
  siteDecayPerYear: 0.1,
  startupCv: 0.25,
};
const NO_SPREAD: SyntheticTruth = {
  studyRateCv: 0,
  countryRateCv: 0,
  siteRateCv: 0,
  siteInactivationPerYear: 0,
  siteDecayPerYear: 0,
  startupCv: 0,
};

describe('predictive CV', () => {
  it('is sqrt(estimate^2 + se^2), the estimate without a finite se', () => {
    expect(predictiveCv({ value: 0.3, se: 0.4 })).toBeCloseTo(0.5, 15);
    expect(predictiveCv({ value: 0, se: 0.13 })).toBeCloseTo(0.13, 15);
    expect(predictiveCv({ value: 0.5, se: null })).toBe(0.5);
    expect(predictiveCv({ value: 0.5, se: Number.NaN })).toBe(0.5);
  });
});

describe('portfolio fit: recovery of the engine model settings', () => {
  // 40 studies of 6-14 countries x 4-8 sites, 24-36 months (about 2,400 sites), drawn from the engine's own model
  // (src/portfolio/synthetic-portfolio.ts). Over seeds 1-10 (scripts/portfolio-fit-check.ts --studies 40
  // --countries 6-14 --sites 4-8 --months 24-36 --seeds 1-10) the estimates were, mean and sd over seeds (the fit's
  // own standard error): study CV 0.176, 0.051 (0.047); country CV 0.493, 0.021 (0.027); site CV 0.805, 0.016
  // (0.015); hazard 0.197, 0.006 (0.008) per year; decay 0.099, 0.006 (0.006) per year; start-up CV 0.253, 0.012
  // (0.009). Tolerances are about 4 of those standard errors; the study CV, which 40 studies pin down poorly, is
  // only checked to be clearly positive and below the country CV.
  const fit = fitPortfolio(
    syntheticPortfolio({
      studies: 40,
      countries: [6, 14],
      sitesPerCountry: [4, 8],
      months: [24, 36],
      truth: TRUTH,
      seed: 1,
    }),
  );
  const r = fit.rates;

  it('recovers the site and country CVs, the hazard, the decay and the start-up CV', () => {
    expect(Math.abs(r.siteRateCv.value - 0.8)).toBeLessThan(0.06);
    expect(Math.abs(r.countryRateCv.value - 0.5)).toBeLessThan(0.11);
    expect(Math.abs(r.siteInactivationPerYear.value - 0.2)).toBeLessThan(0.035);
    expect(Math.abs(r.siteDecayPerYear.value - 0.1)).toBeLessThan(0.025);
    expect(Math.abs(fit.startup.startupCv.value - 0.25)).toBeLessThan(0.04);
    expect(r.studyRateCv.value).toBeGreaterThan(0.05);
    expect(r.studyRateCv.value).toBeLessThan(r.countryRateCv.value);
    expect(fit.settings).toMatchObject({
      siteInactivationPerYear: r.siteInactivationPerYear.value,
      siteDecayPerYear: r.siteDecayPerYear.value,
      startupCv: fit.startup.startupCv.value,
    });
  });

  it('runs with the rate CVs widened by their standard errors: sqrt(estimate^2 + se^2)', () => {
    for (const key of ['studyRateCv', 'countryRateCv', 'siteRateCv'] as const) {
      const { value, se } = r[key];
      expect(se, key).not.toBeNull();
      expect(fit.settings[key], key).toBeCloseTo(Math.sqrt(value ** 2 + se! ** 2), 12);
      expect(fit.settings[key], key).toBeGreaterThan(value);
    }
  });

  it('reports standard errors of the size measured over seeds, and the truth within 4 of them', () => {
    const measured = {
      studyRateCv: 0.05,
      countryRateCv: 0.02,
      siteRateCv: 0.016,
      siteInactivationPerYear: 0.006,
      siteDecayPerYear: 0.006,
    };
    for (const [p, sd] of Object.entries(measured) as [keyof typeof measured, number][]) {
      const se = r[p].se!;
      expect(se).toBeGreaterThan(sd / 2);
      expect(se).toBeLessThan(sd * 2);
      expect(Math.abs(r[p].value - TRUTH[p])).toBeLessThan(4 * se);
    }
  });

  it('says what it fitted on and how', () => {
    expect(fit.counts.studies).toBe(40);
    expect(fit.counts.sites).toBeGreaterThan(2000);
    expect(fit.counts.screened).toBeGreaterThan(10 * fit.counts.sites);
    expect(fit.converged).toBe(true);
    expect(fit.rebuilds).toBeLessThan(fit.evaluations);
    // The engine's model has no site-level start-up jitter: the delay is the country's.
    expect(fit.startup.countryShare.value).toBeGreaterThan(0.99);
  });
});

describe('portfolio fit: a portfolio without spread', () => {
  const studies = syntheticPortfolio({
    studies: 16,
    countries: [3, 8],
    sitesPerCountry: [3, 8],
    months: [18, 30],
    truth: NO_SPREAD,
    seed: 7,
  });

  it('gives CVs, hazard and decay near 0', () => {
    // Measured on this portfolio: CVs 0.006 / 0.020 / 0.008 (standard errors 0.014 / 0.017 / 0.044), hazard 0,
    // decay 0.012; the defaults are 0.2 / 0.5 / 0.8.
    const fit = fitPortfolio(studies);
    expect(fit.rates.studyRateCv.value).toBeLessThan(0.08);
    expect(fit.rates.countryRateCv.value).toBeLessThan(0.08);
    expect(fit.rates.siteRateCv.value).toBeLessThan(0.12);
    expect(fit.rates.siteInactivationPerYear.value).toBeLessThan(0.05);
    expect(fit.rates.siteDecayPerYear.value).toBeLessThan(0.05);
    expect(fit.startup.startupCv.value).toBeLessThan(0.01);
    // A CV estimated near its bound 0 runs at about its standard error, not at 0.
    const { value, se } = fit.rates.studyRateCv;
    expect(se).not.toBeNull();
    expect(fit.settings.studyRateCv).toBeGreaterThanOrEqual(se!);
    expect(fit.settings.studyRateCv).toBeLessThanOrEqual(value + se!);
  });

  it('holds fixed settings and reports progress', () => {
    const seen: number[] = [];
    const fit = fitPortfolio(studies, {
      fixed: { siteInactivationPerYear: 0, siteDecayPerYear: 0 },
      onProgress: (p) => seen.push(p.evaluations),
    });
    expect(fit.settings.siteInactivationPerYear).toBe(0);
    expect(fit.rates.siteDecayPerYear).toEqual({ value: 0, se: null });
    expect(seen.length).toBe(fit.evaluations);
    expect(seen.every((e, i) => e === i + 1)).toBe(true);
  });

  it('validates time-ordered: fits on the studies finished before the cut, returns the later ones', () => {
    const byFinish = [...studies].sort((a, b) => a.finishedMs! - b.finishedMs!);
    const cut = byFinish[10]!.finishedMs!;
    const { before, after } = splitByFinish(studies, cut);
    expect(before.length).toBe(10);
    expect(after.map((s) => s.id).sort()).toEqual(
      byFinish
        .slice(10)
        .map((s) => s.id)
        .sort(),
    );
    // The settings held (a fit of one evaluation): this checks the split, not the estimates.
    const fixed = {
      studyRateCv: 0,
      countryRateCv: 0,
      siteRateCv: 0,
      siteInactivationPerYear: 0,
      siteDecayPerYear: 0,
    };
    const { fit, later } = fitBeforeCut(studies, cut, { fixed });
    expect(fit.counts.studies).toBe(10);
    expect(fit.evaluations).toBe(1);
    expect(later).toEqual(after);
    // Too few finished before an early cut: refused like any fit.
    expect(() => fitBeforeCut(studies, byFinish[5]!.finishedMs!)).toThrow(PortfolioTooSmallError);
    expect(() => splitByFinish([{ id: 'x' }], cut)).toThrow(/no finish date/);
  });
});

describe('portfolio fit: refusals', () => {
  const study = oneGroupStudy({}, [{ activationDay: 10, screenedByMonth: [1, 2, 3] }], 80);

  it('refuses fewer than 8 completed studies, saying how many it needs', () => {
    const attempt = () => fitPortfolio(copies(study, 5));
    expect(attempt).toThrow(PortfolioTooSmallError);
    expect(attempt).toThrow('A portfolio fit needs at least 8 completed studies; 5 given (3 more needed).');
    try {
      attempt();
    } catch (e) {
      expect(e).toMatchObject({ needed: 8, given: 5, name: 'PortfolioTooSmallError' });
    }
  });

  it("refuses an extract whose site is in no group of the study's plan", () => {
    const bad = {
      ...study,
      id: 'bad',
      sites: [{ group: 'nowhere', activationDay: 3, screenedByMonth: [1] }],
    };
    expect(() => fitPortfolio([...copies(study, 8), bad])).toThrow(PortfolioInputError);
    expect(() => fitPortfolio([...copies(study, 8), bad])).toThrow(
      "Study bad: site group 'nowhere' is not in its plan.",
    );
  });
});

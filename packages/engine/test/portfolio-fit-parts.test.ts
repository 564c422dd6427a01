import { describe, expect, it } from 'vitest';
import { logStudyMarginal } from '../src/portfolio/fit-marginal';
import { portfolioData } from '../src/portfolio/fit-data';
import { groupRow, nbRow, rowAt } from '../src/portfolio/fit-rows';
import { siteStats } from '../src/portfolio/fit-site-stats';
import { fitOneWay, gammaCvOfLogVariance, trigamma } from '../src/portfolio/fit-startup';
import { gaussHermite, gaussLegendre01 } from '../src/portfolio/quadrature';
import { syntheticPortfolio } from '../src/portfolio';
import { logGamma } from '../src/analytic/special-functions';
import { ageFactor, groupAgeProfile } from '../src/model/age-profile';
import { normal } from '../src/rng/distributions';
import { Xoshiro128 } from '../src/rng/xoshiro';
import { silenceTerms, X_MIN, X_STEP } from '../src/scenarios/remodel-posterior';
import { bruteSiteLogLik, copies, oneGroupStudy } from './portfolio-fixtures';

const DAYS_PER_YEAR = 365.25;
/** log x at the centre of grid cell j (where a row's value is exact, not interpolated). */
const cellY = (j: number) => Math.log(X_MIN) + (j + 0.5) * X_STEP;

describe('exposure moments', () => {
  // Rate 1 per site-day, January at half, first screening 2 days after activation on day 10, data to day 70.
  const study = oneGroupStudy(
    { screenRatePerSiteDay: 1, firstScreenDelayDays: 2, seasonal: [0.5, ...new Array<number>(11).fill(1)] },
    [{ activationDay: 10, screenedByMonth: [3, 5, 2] }],
    70,
  );
  const data = portfolioData(copies(study, 8));

  it('sums the open days of each month by hand, with their mean age', () => {
    // January: days 12..30, 19 days at 0.5, ages 2.5..20.5; February: 28 days, ages 21.5..48.5; March: days
    // 59..70, ages 49.5..60.5.
    expect(Array.from(data.monthE0.slice(0, 3))).toEqual([9.5, 28, 12]);
    expect(Array.from(data.monthAge.slice(0, 3))).toEqual([11.5, 35, 55]);
    expect(data.siteMonthStart[1]).toBe(3);
  });

  it('applies a decay at each month mean age: within 1e-5 of the day-by-day sum', () => {
    const k = 0.5 / DAYS_PER_YEAR;
    const st = siteStats(data, k);
    const exact = [0, 0, 0];
    for (let d = 12; d <= 70; d++)
      exact[d < 31 ? 0 : d < 59 ? 1 : 2]! += (d < 31 ? 0.5 : 1) * Math.exp(-k * (d + 0.5 - 10));
    exact.forEach((e, m) => expect(Math.abs(st.E[m]! / e - 1)).toBeLessThan(1e-5));
  });

  it('reduces a site to its count, exposures, last month and multinomial split', () => {
    const st = siteStats(data, 0);
    expect(st.K[0]).toBe(10);
    expect(st.Gb[0]).toBe(49.5);
    expect(st.Gw[0]).toBe(0);
    expect([st.kL[0], st.EL[0], st.startL[0], st.lenL[0], st.life[0]]).toEqual([2, 12, 49, 12, 61]);
    // log(10! / (3! 5! 2!)) + 3 log(9.5 / 49.5) + 5 log(28 / 49.5) + 2 log(12 / 49.5).
    const lf = (n: number) => logGamma(n + 1);
    const mult =
      lf(10) -
      lf(3) -
      lf(5) -
      lf(2) +
      3 * Math.log(9.5 / 49.5) +
      5 * Math.log(28 / 49.5) +
      2 * Math.log(12 / 49.5);
    expect(st.multinomial[0]).toBeCloseTo(mult, 12);
  });
});

describe("a site's likelihood with its stop time integrated out", () => {
  // 1.5 screened/site-month, August and December dips, fatigue to 0.6 over 200 days, first screening 3 days after
  // activation on day 5, data to day 400 (14 calendar months).
  const group = {
    screenRatePerSiteDay: 0.05,
    firstScreenDelayDays: 3,
    seasonal: [1, 1, 1, 1, 1, 1, 1, 0.5, 1, 1, 1, 0.6],
    fatigue: { days: 200, finalFactor: 0.6 },
  };
  const cases: { name: string; counts: number[] }[] = [
    { name: 'active to the end', counts: [1, 2, 1, 2, 1, 1, 1, 0, 1, 1, 2, 1, 1, 1] },
    { name: 'silent after month 4', counts: [1, 2, 1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] },
    { name: 'never screened', counts: new Array<number>(14).fill(0) },
  ];
  for (const { name, counts } of cases)
    for (const alpha of [1.5, Infinity])
      it(`${name}, site shape ${alpha}: the fit's row matches brute force within 2e-3`, () => {
        const study = oneGroupStudy(group, [{ activationDay: 5, screenedByMonth: counts }], 400);
        const data = portfolioData(copies(study, 8));
        const decay = 0.2 / DAYS_PER_YEAR;
        const h = 0.3 / DAYS_PER_YEAR;
        const st = siteStats(data, decay);
        const row = groupRow(nbRow(st, 0, 1, alpha), st, 0, 1, alpha, h);
        const profile = groupAgeProfile(group.fatigue, { siteDecayPerYear: 0.2 });
        const month = (d: number) => new Date(study.plan.day0Ms + d * 86_400_000).getUTCMonth();
        const perDay = (d: number) =>
          d < 8 ? 0 : 0.05 * group.seasonal[month(d)]! * ageFactor(profile, d + 0.5 - 5);
        // Cells around the row's maximum (x near the site's rate relative to the plan). Measured differences: up to
        // 1.0e-3 (exposure taken linear within each month under the fatigue's slope, the silence's sum read
        // between every third cell), 2e-5 without fatigue and seasonality at every cell.
        const j0 = Math.round((row.mode - cellY(0)) / X_STEP);
        for (const j of [j0 - 6, j0, j0 + 6]) {
          const mine = rowAt(row.row!, cellY(j)) + row.constant;
          const brute = bruteSiteLogLik(
            counts,
            study.monthStartDays,
            perDay,
            5,
            400,
            alpha,
            h,
            Math.exp(cellY(j)),
          );
          expect(Math.abs(mine - brute)).toBeLessThan(2e-3);
        }
      });

  it("agrees with the remodel's silenceTerms where both apply (one never-screened site, constant intensity)", () => {
    const study = oneGroupStudy(
      { screenRatePerSiteDay: 0.05 },
      [{ activationDay: 0, screenedByMonth: [0, 0, 0] }],
      89,
    );
    const data = portfolioData(copies(study, 8));
    const st = siteStats(data, 0);
    const h = 1 / DAYS_PER_YEAR;
    for (const alpha of [1.5, Infinity]) {
      const row = groupRow(nbRow(st, 0, 1, alpha), st, 0, 1, alpha, h);
      for (const j of [60, 75, 90]) {
        const x = Math.exp(cellY(j));
        const t = silenceTerms(h, {
          silentDays: 90,
          silentExposure: 4.5,
          exposureBefore: 0,
          k: 0,
          lambda: x,
          alpha,
        });
        const mine = rowAt(row.row!, cellY(j)) + row.constant;
        // silenceTerms integrates the stop by a 16-point midpoint rule: agreement to its accuracy.
        expect(Math.abs(mine - Math.log(t.active + t.inactive))).toBeLessThan(3e-3);
      }
    }
  });
});

describe('quadrature', () => {
  it('Gauss-Hermite and Gauss-Legendre integrate their moments', () => {
    const { z, w } = gaussHermite(10);
    const moment = (p: number) => Array.from(z).reduce((s, x, j) => s + w[j]! * x ** p, 0);
    expect(moment(0)).toBeCloseTo(Math.sqrt(Math.PI), 13);
    expect(moment(2)).toBeCloseTo(Math.sqrt(Math.PI) / 2, 13);
    expect(moment(4)).toBeCloseTo((3 * Math.sqrt(Math.PI)) / 4, 12);
    const gl = gaussLegendre01(6);
    expect(Array.from(gl.x).reduce((s, x, j) => s + gl.w[j]! * x ** 11, 0)).toBeCloseTo(1 / 12, 14);
  });

  it("a study's marginal matches a brute-force double integral within 1e-3", () => {
    const truth = {
      studyRateCv: 0.2,
      countryRateCv: 0.5,
      siteRateCv: 0.8,
      siteInactivationPerYear: 0.2,
      siteDecayPerYear: 0.1,
      startupCv: 0.25,
    };
    const data = portfolioData(
      syntheticPortfolio({
        studies: 8,
        countries: [4, 6],
        sitesPerCountry: [3, 6],
        months: [24, 30],
        truth,
        seed: 5,
      }),
    );
    const st = siteStats(data, 0.1 / DAYS_PER_YEAR);
    const b = data.groupSiteStart;
    const rows = Array.from({ length: b.length - 1 }, (_, g) =>
      groupRow(nbRow(st, b[g]!, b[g + 1]!, 1.5), st, b[g]!, b[g + 1]!, 1.5, 0.2 / DAYS_PER_YEAR),
    );
    const lse = (xs: number[]) => {
      const m = Math.max(...xs);
      return m + Math.log(xs.reduce((s, x) => s + Math.exp(x - m), 0));
    };
    const logPrior = (a: number, v: number) => a * Math.log(a) - logGamma(a) + a * v - a * Math.exp(v);
    for (const [scv, ccv] of [
      [0.2, 0.5],
      [0.05, 0.1],
      [0.8, 1.5],
    ]) {
      const [from, to] = [data.studyGroupStart[0]!, data.studyGroupStart[1]!];
      const k = 1 / scv! ** 2;
      const a = 1 / ccv! ** 2;
      const ts = Array.from({ length: 200 }, (_, i) => -2 + (i + 0.5) * (4 / 200));
      const vs = Array.from({ length: 450 }, (_, i) => -6 + (i + 0.5) * 0.02);
      const brute = lse(
        ts.map((t) => {
          let s = logPrior(k, t) + Math.log(4 / 200);
          for (let g = from; g < to; g++)
            s += lse(vs.map((v) => logPrior(a, v) + rowAt(rows[g]!.row!, t + v) + Math.log(0.02)));
          return s;
        }),
      );
      expect(Math.abs(logStudyMarginal(rows, from, to, scv!, ccv!, 0) - brute)).toBeLessThan(1e-3);
    }
  });
});

describe('start-up terms', () => {
  it('trigamma and the Gamma CV of a log variance', () => {
    expect(trigamma(1)).toBeCloseTo(Math.PI ** 2 / 6, 12);
    expect(trigamma(0.5)).toBeCloseTo(Math.PI ** 2 / 2, 12);
    let s = Math.PI ** 2 / 6;
    for (let j = 1; j < 10; j++) s -= 1 / (j * j);
    expect(trigamma(10)).toBeCloseTo(s, 12);
    // A Gamma(16, 16) factor (CV 0.25) has Var(log f) = trigamma(16).
    expect(gammaCvOfLogVariance(trigamma(16))).toBeCloseTo(0.25, 9);
    expect(gammaCvOfLogVariance(0)).toBe(0);
  });

  it('the one-way model recovers its variance components within 4 standard errors', () => {
    // 400 groups of 5: country sd 0.3, site sd 0.1, mean 0.05. Expected standard errors about
    // 0.3 / sqrt(2 x 400) = 0.011 and 0.1 / sqrt(2 x 1600) = 0.0018.
    const rng = new Xoshiro128(11, 0);
    const obs = Array.from({ length: 400 }, () => {
      const b = 0.05 + 0.3 * normal(rng);
      return Array.from({ length: 5 }, () => b + 0.1 * normal(rng));
    });
    const fit = fitOneWay(obs);
    expect(fit.countryLogSd.se!).toBeGreaterThan(0.008);
    expect(fit.countryLogSd.se!).toBeLessThan(0.014);
    expect(fit.siteLogSd.se!).toBeGreaterThan(0.0014);
    expect(fit.siteLogSd.se!).toBeLessThan(0.0023);
    expect(Math.abs(fit.countryLogSd.value - 0.3)).toBeLessThan(4 * fit.countryLogSd.se!);
    expect(Math.abs(fit.siteLogSd.value - 0.1)).toBeLessThan(4 * fit.siteLogSd.se!);
    expect(Math.abs(fit.meanLogRatio.value - 0.05)).toBeLessThan(4 * fit.meanLogRatio.se!);
    expect(Math.abs(fit.countryShare.value - 0.9)).toBeLessThan(4 * fit.countryShare.se!);
    expect(fit.startupCv.value).toBeCloseTo(gammaCvOfLogVariance(fit.countryLogSd.value ** 2), 12);
  });
});

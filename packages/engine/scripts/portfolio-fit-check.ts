/**
 * Speed and recovery check of the portfolio fit (src/portfolio): draws a synthetic portfolio from the engine's
 * model and times `fitPortfolio` on it with process.cpuUsage (one thread).
 *
 *   npx tsx packages/engine/scripts/portfolio-fit-check.ts                 # 100 studies x 400 sites x 36 months
 *   npx tsx packages/engine/scripts/portfolio-fit-check.ts --studies 60 --countries 5-20 --sites 5-15 \
 *     --months 24-42 --seeds 1-5                                          # recovery over seeds (the tests' shape)
 */
import { fitPortfolio, syntheticPortfolio, type SyntheticTruth } from '../src/portfolio';

const TRUTH: SyntheticTruth = {
  studyRateCv: 0.2,
  countryRateCv: 0.5,
  siteRateCv: 0.8,
  siteInactivationPerYear: 0.2,
  siteDecayPerYear: 0.1,
  startupCv: 0.25,
};

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
}
const range = (s: string): [number, number] => {
  const [a, b] = s.split('-').map(Number);
  return [a!, b ?? a!];
};

const studies = Number(arg('studies', '100'));
const countries = range(arg('countries', '20'));
const sites = range(arg('sites', '20'));
const months = range(arg('months', '36'));
const [seedFrom, seedTo] = range(arg('seeds', '1'));
const cpuSeconds = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1e6;

const rows: string[] = [];
for (let seed = seedFrom; seed <= seedTo; seed++) {
  const t0 = process.cpuUsage();
  const portfolio = syntheticPortfolio({
    studies,
    countries,
    sitesPerCountry: sites,
    months,
    truth: TRUTH,
    seed,
  });
  const drawn = cpuSeconds(process.cpuUsage(t0));
  const t1 = process.cpuUsage();
  const fit = fitPortfolio(portfolio);
  const fitted = cpuSeconds(process.cpuUsage(t1));
  const show = (v: { value: number; se: number | null }) =>
    `${v.value.toFixed(3)} (${v.se === null ? '-' : v.se.toFixed(3)})`;
  const r = fit.rates;
  rows.push(
    `| ${seed} | ${fit.counts.sites} | ${fit.counts.siteMonths} | ${show(r.studyRateCv)} | ${show(r.countryRateCv)} | ` +
      `${show(r.siteRateCv)} | ${show(r.siteInactivationPerYear)} | ${show(r.siteDecayPerYear)} | ` +
      `${show(fit.startup.startupCv)} | ${show(fit.startup.countryShare)} | ${fit.evaluations} / ${fit.rebuilds} | ` +
      `${fit.sweeps}${fit.converged ? '' : '!'} | ${drawn.toFixed(1)} | ${fitted.toFixed(1)} |`,
  );
  console.log(rows[rows.length - 1]);
}
console.log(
  `\ntruth: ${JSON.stringify(TRUTH)}\n\n` +
    '| seed | sites | site-months | study CV | country CV | site CV | hazard /yr | decay /yr | startup CV | ' +
    'country share | evaluations / rebuilds | sweeps | draw CPU s | fit CPU s |\n' +
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n' +
    rows.join('\n'),
);

import { seedDataSchemas, type SeedCountry, type SeedSiteGroup, type SeedStudy } from '@predict/shared';
import type { z } from 'zod';
import countries from './demo-countries.json';
import siteGroups from './demo-site-groups.json';
import studies from './demo-studies.json';

/**
 * The demo data, kept as JSON next to this file and checked against the shared schemas when it is loaded:
 *
 * - demo-studies.json: studies (opportunities) as the CRO's CRM would hand them over, plus the study-list summary of
 *   their plans and Schedules of Events. Project ids (PCN) follow the CRO style YYYY-TA-NNNN. All names are
 *   fictional.
 * - demo-countries.json: the 27 EU member states plus the other countries the CRO commonly plans in.
 * - demo-site-groups.json: one site group per country, named after it, except the USA, which has 'USA - Central'
 *   (one central IRB) and 'USA - Local' (each institution's own IRB). Day counts are calendar days feeding the
 *   start-up milestone chain (design/simulation-model.md section 3); the activation profile is cumulative sites by
 *   days since the first activation; the seasonal variation has 12 factors, January first. The values are plausible
 *   planning assumptions for demonstration, not benchmarks.
 */

export type DemoStudy = SeedStudy;
export type DemoCountry = SeedCountry;
/** A site group as seeded: CTIS (EU Clinical Trials Regulation 536/2014) applies to the EU member states. */
export type DemoSiteGroup = SeedSiteGroup & { isCtisEligible: boolean };

export interface DemoData {
  studies: DemoStudy[];
  countries: DemoCountry[];
  siteGroups: DemoSiteGroup[];
}

/** The files' contents before checking: what a test may replace to see a bad row refused. */
export interface DemoDataFiles {
  studies: unknown;
  countries: unknown;
  siteGroups: unknown;
}

/** The files' names, for the messages that name a bad row's file. */
const FILES = {
  studies: 'demo-studies.json',
  countries: 'demo-countries.json',
  siteGroups: 'demo-site-groups.json',
} as const;

/** The three JSON files as they ship with the server (bundled into its build), a fresh copy per call. */
export function readDemoDataFiles(): DemoDataFiles {
  return structuredClone({ studies, countries, siteGroups });
}

/** One file's rows by position: the parsed row, or undefined where the row is bad. */
type Rows<T> = (T | undefined)[];

/** Checks each row of one file, adding a line per bad field: the file, the row (1-based), its key, the field. */
function parseRows<S extends z.ZodType>(
  file: string,
  rows: unknown,
  schema: S,
  key: (row: Record<string, unknown>) => unknown,
  problems: string[],
): Rows<z.output<S>> {
  if (!Array.isArray(rows)) {
    problems.push(`${file}: has to be an array of rows.`);
    return [];
  }
  return rows.map((row: unknown, index) => {
    const result = schema.safeParse(row);
    if (result.success) return result.data;
    const name = row && typeof row === 'object' ? key(row as Record<string, unknown>) : undefined;
    for (const issue of result.error.issues) {
      const field = issue.path.length > 0 ? issue.path.join('.') : '(row)';
      problems.push(
        `${file} row ${index + 1}${name ? ` (${String(name)})` : ''}: ${field}: ${issue.message}`,
      );
    }
    return undefined;
  });
}

function requireUnique<T>(
  file: string,
  rows: Rows<T>,
  key: (row: T) => string,
  field: string,
  problems: string[],
) {
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    if (!row) return;
    const value = key(row);
    if (seen.has(value)) problems.push(`${file} row ${index + 1} (${value}): ${field}: Appears twice.`);
    seen.add(value);
  });
}

const present = <T>(rows: Rows<T>): T[] => rows.filter((row): row is T => row !== undefined);

/**
 * Checks the demo data: each row against the shared schemas, then the keys and the site groups' countries. Throws
 * one error listing every problem.
 */
export function parseDemoData(files: DemoDataFiles): DemoData {
  const schemas = seedDataSchemas();
  const problems: string[] = [];
  const studies = parseRows(FILES.studies, files.studies, schemas.study, (r) => r.projectId, problems);
  const countries = parseRows(FILES.countries, files.countries, schemas.country, (r) => r.iso3, problems);
  const groups = parseRows(
    FILES.siteGroups,
    files.siteGroups,
    schemas.siteGroup,
    (r) => r.siteGroupName,
    problems,
  );
  requireUnique(FILES.studies, studies, (s) => s.projectId, 'projectId', problems);
  requireUnique(FILES.countries, countries, (c) => c.iso3, 'iso3', problems);
  requireUnique(FILES.countries, countries, (c) => c.iso2, 'iso2', problems);
  requireUnique(FILES.countries, countries, (c) => c.countryName, 'countryName', problems);
  requireUnique(FILES.siteGroups, groups, (g) => g.siteGroupName, 'siteGroupName', problems);
  const byIso3 = new Map(present(countries).map((c) => [c.iso3, c]));
  const siteGroups = groups.map((g, index) => {
    if (!g) return undefined;
    const country = byIso3.get(g.countryIso3);
    if (!country) {
      const where = `${FILES.siteGroups} row ${index + 1} (${g.siteGroupName})`;
      problems.push(`${where}: countryIso3: No country ${g.countryIso3} in ${FILES.countries}.`);
      return undefined;
    }
    return { ...g, isCtisEligible: country.isEuMember };
  });
  if (problems.length > 0) throw new Error(`Demo data is not valid:\n${problems.join('\n')}`);
  return { studies: present(studies), countries: present(countries), siteGroups: present(siteGroups) };
}

let loaded: DemoData | undefined;

/** The demo data the server ships, read and checked on first use (seeding fails on a bad row). */
export function demoData(): DemoData {
  return (loaded ??= parseDemoData(readDemoDataFiles()));
}

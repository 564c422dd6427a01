import {
  CTMS_MESSAGES as M,
  CtmsExtractBody,
  CtmsSite,
  CtmsSiteMonth,
  type CtmsSiteMonth as SiteMonth,
} from '@predict/shared';
import type { z } from 'zod';

/** A country as the check resolves it: its id, name and site groups (one, or 'USA - Central' and 'USA - Local'). */
export interface CountryGroups {
  countryId: number;
  countryName: string;
  groups: { siteGroupId: number; siteGroupName: string }[];
}

export type ExtractPath = (string | number)[];
export interface ExtractError {
  path: ExtractPath;
  message: string;
}

export interface ResolvedSite extends CtmsSite {
  countryId: number;
  siteGroupId: number;
}

export interface CheckedExtract {
  asOfMs: number;
  sites: ResolvedSite[];
  siteMonths: SiteMonth[];
}

/** What the check reads: rows not parsed yet (an upload's rows, or a JSON body). */
export interface RawExtract {
  asOf?: unknown;
  sites: readonly unknown[];
  siteMonths: readonly unknown[];
}

// Allow a little clock skew between the CTMS and this server.
const FUTURE_SLACK_MS = 5 * 60_000;

const issuesOf = (error: z.ZodError, prefix: ExtractPath): ExtractError[] =>
  error.issues.map((i) => ({ path: [...prefix, ...(i.path as (string | number)[])], message: i.message }));

/** The site group a site belongs to: the country's only one, or the one named '... - Central' / '... - Local'. */
function siteGroupOf(country: CountryGroups, centralLocal: string | null): number | string {
  if (country.groups.length === 0) return M.noSiteGroup;
  if (country.groups.length === 1) return country.groups[0]!.siteGroupId;
  const suffix = centralLocal ? ` - ${centralLocal}`.toLowerCase() : null;
  const match = suffix && country.groups.find((g) => g.siteGroupName.toLowerCase().endsWith(suffix));
  return match ? match.siteGroupId : M.centralLocalRequired;
}

/**
 * The extract's rules (issue 14, Bad input): each row's fields (the shared schemas), then across rows: known
 * countries (and a site group for each site), activated not before selected, unique site numbers, site months of
 * known sites, one row per site and month, months neither after the as-of month nor before the study started (the
 * earliest site selection or activation). Every error is listed; rows with field errors take no part in the
 * cross-row rules that need those fields.
 */
export function checkCtmsExtract(
  raw: RawExtract,
  countriesByIso3: ReadonlyMap<string, CountryGroups>,
  nowMs: number,
): { ok: true; extract: CheckedExtract } | { ok: false; errors: ExtractError[] } {
  const errors: ExtractError[] = [];
  const top = CtmsExtractBody.pick({ asOf: true }).safeParse({ asOf: raw.asOf ?? undefined });
  let asOfMs = nowMs;
  if (!top.success) errors.push(...issuesOf(top.error, []));
  else if (top.data.asOf) {
    asOfMs = Date.parse(top.data.asOf);
    if (asOfMs > nowMs + FUTURE_SLACK_MS) errors.push({ path: ['asOf'], message: M.asOfInFuture });
  }
  const asOfMonth = new Date(asOfMs).toISOString().slice(0, 7);

  const sites: ResolvedSite[] = [];
  const seenSites = new Set<string>();
  raw.sites.forEach((row, i) => {
    const parsed = CtmsSite.safeParse(row);
    if (!parsed.success) {
      errors.push(...issuesOf(parsed.error, ['sites', i]));
      return;
    }
    const s = parsed.data;
    let ok = true;
    const fail = (field: string, message: string) => {
      errors.push({ path: ['sites', i, field], message });
      ok = false;
    };
    if (seenSites.has(s.siteNumber)) fail('siteNumber', M.duplicateSite);
    seenSites.add(s.siteNumber);
    const country = countriesByIso3.get(s.countryIso3);
    let siteGroupId = 0;
    if (!country) fail('countryIso3', M.unknownCountry);
    else {
      const group = siteGroupOf(country, s.centralLocal);
      if (typeof group === 'string') fail(group === M.noSiteGroup ? 'countryIso3' : 'centralLocal', group);
      else siteGroupId = group;
    }
    if (s.siteSelectedDate && s.siteActivatedDate && s.siteActivatedDate < s.siteSelectedDate)
      fail('siteActivatedDate', M.activatedBeforeSelected);
    if (ok) sites.push({ ...s, countryId: country!.countryId, siteGroupId });
  });

  // The study starts with its first selected (or activated) site; with no dates at all, no lower limit.
  const starts = sites.flatMap((s) => [s.siteSelectedDate, s.siteActivatedDate]).filter((d) => d !== null);
  const firstMonth = starts.length > 0 ? starts.reduce((a, b) => (a < b ? a : b)).slice(0, 7) : null;
  const siteMonths: SiteMonth[] = [];
  const seenMonths = new Set<string>();
  raw.siteMonths.forEach((row, j) => {
    const parsed = CtmsSiteMonth.safeParse(row);
    if (!parsed.success) {
      errors.push(...issuesOf(parsed.error, ['siteMonths', j]));
      return;
    }
    const m = parsed.data;
    const before = errors.length;
    if (!seenSites.has(m.siteNumber))
      errors.push({ path: ['siteMonths', j, 'siteNumber'], message: M.unknownSite });
    const key = `${m.siteNumber}\u0000${m.month}`;
    if (seenMonths.has(key)) errors.push({ path: ['siteMonths', j, 'month'], message: M.duplicateSiteMonth });
    seenMonths.add(key);
    if (m.month > asOfMonth) errors.push({ path: ['siteMonths', j, 'month'], message: M.monthAfterAsOf });
    else if (firstMonth && m.month < firstMonth)
      errors.push({ path: ['siteMonths', j, 'month'], message: M.monthBeforeStudy });
    if (errors.length === before) siteMonths.push(m);
  });
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, extract: { asOfMs, sites, siteMonths } };
}

import type { ComparedCountry, ComparedInputs } from '@predict/shared';

/** The trimmed engine input the comparison repository reads (plan and site groups of each member). */
interface InputPart {
  label?: unknown;
  plan: Record<string, unknown> | null;
  siteGroups: Record<string, unknown>[];
}

type Bounds = { lowerBound?: number | null; upperBound?: number | null } | null | undefined;

const numberOr = (value: unknown): number | null => (typeof value === 'number' ? value : null);
const textOr = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const lower = (value: unknown) => numberOr((value as Bounds)?.lowerBound);
const upper = (value: unknown) => numberOr((value as Bounds)?.upperBound);

/** A sum over a combination's members; null when no member has the value. */
function sum(values: (number | null)[]): number | null {
  const known = values.filter((v): v is number => v !== null);
  return known.length === 0 ? null : known.reduce((a, b) => a + b, 0);
}

/** One value for the members: theirs when they agree, null when they differ (the page shows the countries). */
function same(values: (number | null)[]): number | null {
  const first = values[0] ?? null;
  return values.every((v) => v === first) ? first : null;
}

function country(
  group: Record<string, unknown>,
  label: string | null,
  startUpDays: ReadonlyMap<string, number>,
): ComparedCountry {
  const name = textOr(group.siteGroupName) ?? '';
  return {
    siteGroupName: label ? `${name} (${label})` : name,
    countryIso3: textOr(group.countryIso3) ?? '',
    region: textOr(group.region) ?? '',
    sitesLower: lower(group.NUM_SITES_ACTIVATED),
    sitesUpper: upper(group.NUM_SITES_ACTIVATED),
    enrollmentRate: numberOr(group.siteEnrollmentRateAtSIV),
    screenFailRate: numberOr(group.expectedScreenFailureRate),
    dropOutRate: numberOr(group.expectedTreatmentDropoutRate),
    siteIdEffort: textOr(group.timeSiteIdSize),
    startUpSize: textOr(group.timeCountryStartUpSize),
    // The duration table names a combination's groups with their label too, as the result sets do.
    startUpDays: startUpDays.get(label ? `${name} (${label})` : name) ?? startUpDays.get(name) ?? null,
  };
}

/**
 * The inputs a comparison shows, from the run's engine input: a plain plan's study values and countries, or a
 * combination's members together (sites and patients summed, rates where they agree, each country labelled with
 * its member, as the combination's result sets name them).
 */
export function comparedInputs(
  typeDetail: string,
  parts: readonly InputPart[],
  startUpDays: ReadonlyMap<string, number>,
): ComparedInputs {
  const plans = parts.map((p) => p.plan ?? {});
  const targets = plans.map((p) => (p.targets ?? {}) as Record<string, unknown>);
  const combined = parts.length > 1;
  const starts = plans.map((p) => numberOr(p.croProjectStartDateMillis)).filter((v) => v !== null);
  const protocols = plans.map((p) => numberOr(p.finalProtocolStartDateMillis)).filter((v) => v !== null);
  const study = (key: string) => same(plans.map((p) => numberOr(p[key])));
  return {
    studyPlanTypeDetail: typeDetail,
    croProjectStartDateMillis: starts.length ? Math.min(...starts) : null,
    finalProtocolStartDateMillis: protocols.length ? Math.min(...protocols) : null,
    sitesToActivate: sum(targets.map((t) => lower(t.SITES_TO_ACTIVATE))),
    subjectsToScreen: sum(targets.map((t) => lower(t.SUBJECTS_TO_SCREEN))),
    subjectsToEnroll: sum(targets.map((t) => numberOr(t.NUM_SUBJECTS_ENROLLED))),
    enrollmentRate: study('enrollmentRate'),
    screenFailRate: study('screenFailRate'),
    dropOutRate: study('dropOutRate'),
    overallEnrollmentDurationMonths: study('overallEnrollmentDuration'),
    screeningPeriodDays: study('screeningPeriodDuration'),
    treatmentDays: study('treatmentDuration'),
    followUpDays: study('followUpDuration'),
    countries: parts.flatMap((part) =>
      part.siteGroups.map((g) => country(g, combined ? textOr(part.label) : null, startUpDays)),
    ),
  };
}

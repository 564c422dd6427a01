import {
  ACTUALS_COLOUR_THRESHOLDS,
  ACTUALS_GATE_HOURS,
  type ActualsImpactUnit,
  type ActualsStatus,
} from './constants';

/** Colour of an impact in its unit (percent, days or points) by ACTUALS_COLOUR_THRESHOLDS; null when unknown. */
export function actualsStatusOf(impact: number | null, unit: ActualsImpactUnit): ActualsStatus | null {
  if (impact == null || !Number.isFinite(impact)) return null;
  const t = ACTUALS_COLOUR_THRESHOLDS.find((x) => x.unit === unit);
  if (!t) return null;
  const size = Math.abs(impact);
  if (size <= t.green) return 'green';
  if (size <= t.amber) return 'amber';
  return 'red';
}

/**
 * spec/3 section 4: REMODEL and VIEW SITE LIST are enabled only when the as-of timestamp is valid and at least
 * 24 hours old. Timestamps are ISO 8601 with an offset, so the age is time-zone independent.
 */
export function isActualsGateOpen(timestamp: string | null | undefined, nowMs: number = Date.now()): boolean {
  if (!timestamp) return false;
  const at = Date.parse(timestamp);
  if (Number.isNaN(at)) return false;
  return nowMs - at >= ACTUALS_GATE_HOURS * 3_600_000;
}

/** 'Site Number - PI' as the site list shows it. */
export const siteNumberPiOf = (siteNumber: string, piName: string | null) =>
  piName ? `${siteNumber} - ${piName}` : siteNumber;

/**
 * The study's close-out durations: after the last patient's last visit (TFED), days to database lock, from lock to
 * the clinical study report, and from the report to the closed and returned trial master file. spec/1 section 3
 * lists them among the plan's durations (tfedToDbLockDuration, dbLocktoCSRDuration, csrToTMFCloseAndReturnDuration)
 * but names no input and no default; the simulation's Timeline Durations and the TMF close date are built from
 * them. Ours: step 1 shows them among the overall inputs, whole days, required (an empty one would silently count
 * as 0 days), and a new plan starts from the defaults below (a typical Phase II/III close-out, the demo Rates
 * plan's values) when the form or an API call does not give them.
 */
export const CLOSE_OUT_FIELDS = [
  { key: 'tfedToDbLockDuration', label: 'TFED to DB Lock', unit: 'days', defaultDays: 45 },
  { key: 'dbLocktoCSRDuration', label: 'DB Lock to CSR', unit: 'days', defaultDays: 90 },
  { key: 'csrToTMFCloseAndReturnDuration', label: 'CSR to TMF Close', unit: 'days', defaultDays: 60 },
] as const;

export type CloseOutKey = (typeof CLOSE_OUT_FIELDS)[number]['key'];
export const CLOSE_OUT_KEYS: readonly CloseOutKey[] = CLOSE_OUT_FIELDS.map((f) => f.key);

/** The defaults a new plan starts from, by field. */
export const CLOSE_OUT_DEFAULTS = Object.fromEntries(
  CLOSE_OUT_FIELDS.map((f) => [f.key, f.defaultDays]),
) as Record<CloseOutKey, number>;

/** A new plan's body with the defaults for the close-out durations it does not send (null stays: it is refused). */
export function withCloseOutDefaults<T extends Partial<Record<CloseOutKey, number | null>>>(body: T): T {
  const out: Record<string, unknown> = { ...body };
  for (const key of CLOSE_OUT_KEYS) if (out[key] === undefined) out[key] = CLOSE_OUT_DEFAULTS[key];
  return out as T;
}

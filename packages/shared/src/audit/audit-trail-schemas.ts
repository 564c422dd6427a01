import { z } from 'zod';
import { CalendarDay, IdParam, INTEGER_MESSAGE } from '../schemas/common';
import { isSafeText, UNSAFE_TEXT_MESSAGE } from '../schemas/safe-input';

/** What the audit log records (AuditAction on the server); the viewer's Action filter offers these. */
export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'status'] as const;
export type AuditTrailAction = (typeof AUDIT_ACTIONS)[number];

/** The kinds of record the services audit, with the names the viewer shows. */
export const AUDIT_ENTITY_LABELS: Record<string, string> = {
  study_plan: 'Plan',
  study_plan_site_group: 'Plan country',
  simulation_run: 'Simulation run',
  forecast_record: 'Forecast of record',
  site_group: 'Site group',
  favorite: 'Favorite',
  user_login: 'Sign-in',
  demo_data: 'Demo data',
  ctms_extract: 'CTMS extract',
  schedule_of_events: 'Schedule of Events',
  calibration_fit: 'Calibration fit',
  calibration_version: 'Calibration version',
};
export const AUDIT_ENTITIES = Object.keys(AUDIT_ENTITY_LABELS);

/** Page sizes of the audit trail (it is long: more per page than the other tables). */
export const AUDIT_PAGE_SIZES = [10, 25, 50, 100] as const;
export const AUDIT_DEFAULT_PAGE_SIZE = 25;
/** The most rows one export holds; a larger match exports the newest ones and says so. */
export const AUDIT_EXPORT_MAX_ROWS = 50_000;

export const AUDIT_RANGE_MESSAGE = 'The end date has to be on or after the start date.';

// Bounded text without NUL or lone surrogates (the database cannot hold them; neither can be a real filter).
const filterText = (max: number) =>
  z
    .string()
    .max(max, { error: `At most ${max} characters.` })
    .refine(isSafeText, { error: UNSAFE_TEXT_MESSAGE })
    .optional();

/** The filters of GET /ctpo/admin/audit and its export: every one optional, all combined with AND. */
const filterFields = {
  studyId: IdParam.optional(),
  /** The study's PCN contains this (case-insensitive). */
  project: filterText(100),
  entity: z
    .string()
    .regex(/^[a-z_]{1,50}$/, { error: 'Not a known kind of record.' })
    .optional(),
  entityId: filterText(100),
  action: z.enum(AUDIT_ACTIONS, { error: 'Has to be create, update, delete or status.' }).optional(),
  /** The actor's name or subject contains this (case-insensitive). */
  actor: filterText(200),
  /** UTC days, both included. */
  from: CalendarDay.optional(),
  to: CalendarDay.optional(),
  /** The old or new values contain this text (case-insensitive). */
  text: filterText(200),
};
const rangeInOrder = (q: { from?: string; to?: string }) => !q.from || !q.to || q.from <= q.to;

export const AuditTrailFilters = z
  .object(filterFields)
  .refine(rangeInOrder, { path: ['to'], error: AUDIT_RANGE_MESSAGE });
export type AuditTrailFilters = z.infer<typeof AuditTrailFilters>;

export const AuditTrailQuery = z
  .object({
    ...filterFields,
    page: z.coerce.number().int({ error: INTEGER_MESSAGE }).min(0).max(100_000).default(0),
    pageSize: z.coerce
      .number()
      .refine((n) => (AUDIT_PAGE_SIZES as readonly number[]).includes(n), {
        error: 'Has to be 10, 25, 50 or 100.',
      })
      .default(AUDIT_DEFAULT_PAGE_SIZE),
  })
  .refine(rangeInOrder, { path: ['to'], error: AUDIT_RANGE_MESSAGE });
export type AuditTrailQuery = z.infer<typeof AuditTrailQuery>;
export type AuditTrailQueryInput = z.input<typeof AuditTrailQuery>;

/** One audit row as the viewer shows it: who, when, what, and the values before and after. */
export const AuditTrailRow = z
  .object({
    auditId: z.number().int(),
    /** ISO 8601, UTC. */
    occurredAt: z.string(),
    actorName: z.string(),
    actorSubject: z.string(),
    actorIssuer: z.string(),
    entity: z.string(),
    entityId: z.string(),
    entityVersion: z.number().int().nullable(),
    action: z.string(),
    studyId: z.number().int().nullable(),
    /** The study's PCN when the row names a study. */
    projectId: z.string().nullable(),
    /** The plan the row is about (a plan, a plan's country, a run), for a link. */
    planId: z.number().int().nullable(),
    oldValues: z.unknown(),
    newValues: z.unknown(),
    /** Top-level fields whose value differs between old and new (all of them for a create or delete). */
    changedKeys: z.array(z.string()),
  })
  .meta({ id: 'AuditTrailRow' });
export type AuditTrailRow = z.infer<typeof AuditTrailRow>;

export const AuditTrailPage = z
  .object({
    rows: z.array(AuditTrailRow),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .meta({ id: 'AuditTrailPage' });
export type AuditTrailPage = z.infer<typeof AuditTrailPage>;

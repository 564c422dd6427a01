import { AUDIT_ENTITY_LABELS, type AuditTrailRow } from '@predict/shared';

export const entityLabel = (entity: string) => AUDIT_ENTITY_LABELS[entity] ?? entity;

const ACTION_LABELS: Record<string, string> = {
  create: 'Created',
  update: 'Changed',
  delete: 'Deleted',
  status: 'Status',
};
export const actionLabel = (action: string) => ACTION_LABELS[action] ?? action;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Values that are not objects show as one field named 'value' (as the server's changed keys name them). */
const asFields = (v: unknown): Record<string, unknown> => (isRecord(v) ? v : v == null ? {} : { value: v });

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
  changed: boolean;
}

/** Old against new, field by field: the changed fields first, in the order the server lists them. */
export function fieldChanges(row: AuditTrailRow): FieldChange[] {
  const before = asFields(row.oldValues);
  const after = asFields(row.newValues);
  const changed = new Set(row.changedKeys);
  const rest = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => !changed.has(k));
  return [...row.changedKeys, ...rest].map((field) => ({
    field,
    before: before[field],
    after: after[field],
    changed: changed.has(field),
  }));
}

/** A value as the dialog shows it: text as it is, anything else as indented JSON; nothing for absent. */
export function showValue(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value, null, 2);
}

/** The Changes cell: the first few changed fields and how many more. */
export function changesSummary(keys: readonly string[], shown = 3): string {
  if (keys.length === 0) return 'No field changes';
  const more = keys.length - shown;
  return more > 0 ? `${keys.slice(0, shown).join(', ')} +${more} more` : keys.join(', ');
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** JSON with object keys sorted: key order does not make a change, {a,b} and {b,a} are the same value. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isRecord(value))
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'undefined';
}

/**
 * The top-level fields of an audit row whose value differs between its old and new values, in the order they
 * first appear. A create lists every new field, a delete every old one; values that are not objects count as one
 * field named 'value'.
 */
export function auditChangedKeys(oldValues: unknown, newValues: unknown): string[] {
  const before = isRecord(oldValues) ? oldValues : oldValues == null ? {} : { value: oldValues };
  const after = isRecord(newValues) ? newValues : newValues == null ? {} : { value: newValues };
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys.filter((k) => canonicalJson(before[k]) !== canonicalJson(after[k]));
}

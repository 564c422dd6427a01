/** `set` with `item`, the same set when it is already there (so unchanged state stays equal). */
export const withAdded = <T>(set: ReadonlySet<T>, item: T) => (set.has(item) ? set : new Set(set).add(item));

/** `record` without `key`, the same record when it has none. */
export const withoutKey = <T>(record: Readonly<Record<string, T>>, key: string) => {
  if (!(key in record)) return record;
  const { [key]: _removed, ...rest } = record;
  return rest;
};

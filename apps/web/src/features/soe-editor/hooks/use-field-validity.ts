import { useCallback, useState } from 'react';

/**
 * The fields showing a typed value that is not valid (risk scores, exchange rates, contract dates): Save waits for
 * them. `onValidity` is told by each field as its value turns invalid and valid again.
 */
export function useFieldValidity() {
  const [invalidFields, setInvalidFields] = useState<ReadonlySet<string>>(new Set());
  const onValidity = useCallback(
    (field: string, valid: boolean) =>
      setInvalidFields((prev) => {
        if (prev.has(field) === !valid) return prev;
        const next = new Set(prev);
        if (valid) next.delete(field);
        else next.add(field);
        return next;
      }),
    [],
  );
  return { invalidFields, onValidity };
}

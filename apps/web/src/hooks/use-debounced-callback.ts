import { useEffect, useMemo, useRef } from 'react';

export interface Debounced<Args extends unknown[]> {
  /** Calls the callback `delay` ms after the last call, with the last arguments. */
  (...args: Args): void;
  /** Drops a pending call. */
  cancel(): void;
}

/**
 * Debounces `callback`. The latest callback is used, and a pending call is dropped on unmount.
 * The returned function keeps its identity while `delay` stays the same.
 */
export function useDebouncedCallback<Args extends unknown[]>(
  callback: (...args: Args) => void,
  delay: number,
): Debounced<Args> {
  const callbackRef = useRef(callback);
  const timerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    callbackRef.current = callback;
  }, [callback]);

  useEffect(() => () => clearTimeout(timerRef.current), []);

  return useMemo(() => {
    const debounced = (...args: Args) => {
      clearTimeout(timerRef.current);
      timerRef.current = setTimeout(() => callbackRef.current(...args), delay);
    };
    return Object.assign(debounced, { cancel: () => clearTimeout(timerRef.current) });
  }, [delay]);
}

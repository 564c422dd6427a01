import { useEffect, useState } from 'react';

/** The value as it was `delay` ms after it last changed: for work keyed by input that should not run per keystroke. */
export function useDebouncedValue<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

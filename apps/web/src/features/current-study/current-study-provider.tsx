import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { local } from '@/lib/storage';
import { CurrentStudyContext } from './current-study-context';

export const CURRENT_STUDY_KEY = 'predict.currentStudyId';

function readStored(): number | null {
  const stored = Number(local.get(CURRENT_STUDY_KEY));
  return Number.isInteger(stored) && stored > 0 ? stored : null;
}

/** Keeps the current study in React state and in localStorage, so that it survives reloads. */
export function CurrentStudyProvider({ children }: { children: ReactNode }) {
  const [studyId, setState] = useState<number | null>(readStored);

  const setStudyId = useCallback((next: number | null) => {
    setState(next);
    if (next === null) local.remove(CURRENT_STUDY_KEY);
    else local.set(CURRENT_STUDY_KEY, String(next));
  }, []);

  const value = useMemo(() => ({ studyId, setStudyId }), [studyId, setStudyId]);
  return <CurrentStudyContext.Provider value={value}>{children}</CurrentStudyContext.Provider>;
}

import { useContext, useEffect } from 'react';
import { matchPath, useLocation } from 'react-router';
import { CurrentStudyContext, type CurrentStudyState } from './current-study-context';

export function useCurrentStudy(): CurrentStudyState {
  const state = useContext(CurrentStudyContext);
  if (!state) throw new Error('useCurrentStudy must be used inside CurrentStudyProvider.');
  return state;
}

const STUDY_ROUTES = ['/ctpo/study-plans/:studyId/*', '/ctpo/study-actuals/:studyId/*'];

/** The study id of a study route (/ctpo/study-plans/:id..., /ctpo/study-actuals/:id...), or null. */
export function studyIdFromPath(pathname: string): number | null {
  for (const pattern of STUDY_ROUTES) {
    const id = matchPath(pattern, pathname)?.params.studyId;
    if (id && /^\d+$/.test(id) && Number(id) > 0) return Number(id);
  }
  return null;
}

/** Makes the last study id seen in the address the current study. */
export function useTrackCurrentStudy(): void {
  const { pathname } = useLocation();
  const { setStudyId } = useCurrentStudy();
  const seen = studyIdFromPath(pathname);
  // Only when the address changes, so that a screen may forget a study it found missing.
  useEffect(() => {
    if (seen !== null) setStudyId(seen);
  }, [seen, setStudyId]);
}

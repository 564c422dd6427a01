import { createContext } from 'react';

export interface CurrentStudyState {
  /** The last study id seen in a study route, or null. */
  studyId: number | null;
  setStudyId: (studyId: number | null) => void;
}

export const CurrentStudyContext = createContext<CurrentStudyState | null>(null);

export { CurrentStudyProvider, CURRENT_STUDY_KEY } from './current-study-provider';
export { useCurrentStudy, useTrackCurrentStudy, studyIdFromPath } from './use-current-study';

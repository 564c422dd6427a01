export { StudyList } from './components/study-list';
export {
  useStudy,
  useStudyList,
  studyQueryOptions,
  studySearchQueryOptions,
  studySearchPath,
} from './api/studies';

export { StudyPage, parseStudyId } from './components/study-page';
export { StudyHeader } from './components/study-header';
export { StudyDetailsDialog } from './components/study-details-dialog';

export { LandingPanel } from './components/landing-panel';
export { sectionOf, studyPath, type StudySection } from './utils/section';

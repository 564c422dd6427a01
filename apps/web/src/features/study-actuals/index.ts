export { StudyActualsPanel } from './components/study-actuals-panel';

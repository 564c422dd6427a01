export { StudyActualsPanel } from './components/study-actuals-panel';
export { ImpactIndicator } from './components/impact-indicator';

export { PlanSpreadsheetActions } from './components/plan-spreadsheet-actions';

export { PlanSpreadsheetActions } from './components/plan-spreadsheet-actions';
export { readFileBytes, toBase64 } from './utils/plan-workbook';

export { StudySoeTable, SOE_PAGE_SIZE_KEY, ADD_SOE_LABEL } from './components/study-soe-table';
export {
  CreateSoeDialog,
  EditSoeDialog,
  ViewSoeDialog,
  SOE_DIALOG_TITLES,
  type CreateSoeDialogProps,
  type EditSoeDialogProps,
} from './components/soe-form-dialog';
export { CurrencyPicker, currencyLabel, type CurrencyPickerProps } from './components/currency-picker';
export {
  ExportSoeDialog,
  EXPORT_SOE_MESSAGES,
  type ExportSoeDialogProps,
} from './components/export-soe-dialog';
export { SOE_EXPORT_SHEETS, buildSoeWorkbook, soeExportFileName } from './export/soe-workbook';
export type { SoeExportData, SoeExportLevel, SoeExportVisitTotals } from './export/soe-export-types';
export { studySoesQueryOptions, useStudySoes, soeQueryKey } from './api/soe';
export { soeEditorPath, soeForecastPath, soeListPath } from './utils/soe-paths';

export { SoeSection, type SoeSectionProps } from './soe-section';
export {
  InitialRiskAssessmentTable,
  type InitialRiskAssessmentTableProps,
  type SoeRiskChange,
} from './initial-risk-assessment-table';
export { RISK_LEVEL_LABELS, RiskTotal, riskTotal } from './risk-total';
export { SamplingStrategyTables, type SamplingStrategyTablesProps } from './sampling-strategy-tables';
export { SoeErrorList, type SoeErrorListProps } from './soe-error-list';
export { SitePicker, type SitePickerProps } from './site-picker';
export {
  ContractEffectiveDatePicker,
  type ContractEffectiveDatePickerProps,
} from './contract-effective-date-picker';
export { BusinessFunctionSelect, type BusinessFunctionSelectProps } from './business-function-select';
export { RefreshSiteListButton, type RefreshSiteListButtonProps } from './refresh-site-list-button';
export {
  LevelCurrencyField,
  type LevelCurrencyFieldProps,
  type LevelCurrencyValue,
} from './level-currency-field';
export { VisitDeleteDialog, visitDeleteMessage, type VisitDeleteDialogProps } from './visit-delete-dialog';

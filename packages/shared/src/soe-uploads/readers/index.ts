/**
 * Readers of the SOE upload workbooks (spec/2 sections 5 and 8): pure, plain data in and out, so the browser reads
 * country-cost and site-contract files with the same rules the server applies to an ePrice job. Any workbook with
 * the UploadWorkbook shape (an exceljs Workbook, or snapshotSource over plain snapshots) can be read.
 */
export { readEpriceSheets, type EpriceExpectations } from './read-eprice-sheets';
export {
  readCountryCostSheets,
  COUNTRY_COST_LAST_ROW,
  type CountryCostExpectations,
  type CountryCostSiteGroup,
} from './read-country-cost-sheets';
export {
  readSiteContractSheets,
  SITE_CONTRACT_LAYOUT,
  SITE_CONTRACT_SHEET,
  type SiteContractExpectations,
} from './read-site-contract-sheets';
export { snapshotSource, type SheetSnapshot, type SnapshotScope } from './sheet-snapshot';
export { nameKey as uploadNameKey, currencyOf as uploadCurrencyOf } from './sheet-cells';
export type { UploadSheet, UploadWorkbook } from './sheet-cells';

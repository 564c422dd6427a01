/**
 * Readers of the SOE uploads (spec/2 sections 5 and 8): pure, plain data in and out. Worker parsers
 * (snapshotEprice, ...) copy the sheets; the readers run on snapshotSource(snapshot) with the SOE's names.
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
export { snapshotSource, type SheetSnapshot } from './sheet-snapshot';
export {
  SNAPSHOT_SCOPES,
  snapshotCountryCosts,
  snapshotEprice,
  snapshotFromZip,
  snapshotSiteContract,
} from './upload-snapshots';
export { snapshotFromParts } from './xlsx-part-values';
export type { UploadSheet, UploadWorkbook } from './sheet-cells';

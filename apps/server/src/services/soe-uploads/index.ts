/**
 * The server's side of the SOE upload readers (spec/2 sections 5 and 8). The readers themselves are pure and live
 * in @predict/shared (the browser reads country-cost and site-contract files with them); re-exported here with the
 * worker parsers (snapshotEprice, snapshotFromZip, ...) that copy the sheets a reader looks at.
 */
export {
  readEpriceSheets,
  readCountryCostSheets,
  readSiteContractSheets,
  COUNTRY_COST_LAST_ROW,
  SITE_CONTRACT_LAYOUT,
  SITE_CONTRACT_SHEET,
  snapshotSource,
  type EpriceExpectations,
  type CountryCostExpectations,
  type CountryCostSiteGroup,
  type SiteContractExpectations,
  type SheetSnapshot,
  type UploadSheet,
  type UploadWorkbook,
} from '@predict/shared';
export {
  SNAPSHOT_SCOPES,
  snapshotCountryCosts,
  snapshotEprice,
  snapshotFromZip,
  snapshotSiteContract,
} from '../../uploads/parsers/upload-snapshots';
export { snapshotFromParts } from '../../uploads/parsers/xlsx-part-values';

import type {
  SoeAssessment,
  SoeAssessmentLevel,
  SoeRiskAssessment,
  SoeSiteGroupEntry,
  SoeVisit,
  SoeVisitLevel,
} from '@predict/shared';

export type Cell = string | number | null;

/** A column of an export sheet: header, value and, for numbers, the cell format. */
export interface ExportColumn<R> {
  header: string;
  value: (row: R) => Cell;
  numFmt?: string;
}

const MONEY = '#,##0.00';
const DECIMAL = '0.00';
const flag = (v: 0 | 1) => (v === 1 ? 'Yes' : 'No');

/** The study-level visit columns; the study day's header names the SOE's interval type. */
export const visitColumns = (intervalType: string): ExportColumn<SoeVisit>[] => [
  { header: 'Visit Category', value: (v) => v.visitCategory },
  { header: 'Visit Name', value: (v) => v.visitName },
  { header: `Visit Study ${intervalType}`, value: (v) => v.visitStudyDay },
  { header: 'Visit Variance Type', value: (v) => v.visitVarianceType },
  { header: 'Visit Variance', value: (v) => v.visitVariance },
  { header: 'Visit Overhead %', value: (v) => v.visitOverheadPct, numFmt: DECIMAL },
  { header: 'Visit Cost', value: (v) => v.visitCost, numFmt: MONEY },
  { header: 'Est. SDR/SDV', value: (v) => v.miEstSDRSDV, numFmt: DECIMAL },
  { header: 'Sample Visit', value: (v) => flag(v.miSampleVisit) },
  { header: 'Suggested Onsite SDR/SDV', value: (v) => v.miSuggestedOnSiteSDRSDV, numFmt: DECIMAL },
  { header: 'Suggested CDA Review', value: (v) => v.miSuggestedCDAReview, numFmt: DECIMAL },
  { header: 'Est. CDA Report Frequency', value: (v) => v.miEstCDAReportFrequency, numFmt: DECIMAL },
  { header: 'Unique CRFs', value: (v) => v.dmUniqueCRFs, numFmt: DECIMAL },
  { header: 'Non Unique CRFs', value: (v) => v.dmNonUniqueCRFs, numFmt: DECIMAL },
  { header: 'Integrated ePRO', value: (v) => v.dmIntegratedEpro, numFmt: DECIMAL },
  { header: 'Paper ePRO', value: (v) => v.dmPaperEpro, numFmt: DECIMAL },
  { header: 'Central Lab', value: (v) => v.dmCentralLab, numFmt: DECIMAL },
  { header: 'Local Lab', value: (v) => v.dmLocalLab, numFmt: DECIMAL },
  { header: 'Visit Comments', value: (v) => v.commentsVisit },
  { header: 'Cost Comments', value: (v) => v.commentsCost },
  { header: 'Clinical Strategy Comments', value: (v) => v.commentsClinicalStrategy },
  { header: 'Data Management Comments', value: (v) => v.commentsDataManagement },
];

export const assessmentColumns: ExportColumn<SoeAssessment>[] = [
  { header: 'Assessment Type', value: (a) => a.assessmentType },
  { header: 'Assessment Name', value: (a) => a.assessmentName },
  { header: 'Assessment Name Mapping', value: (a) => a.assessmentNameMapping },
  { header: 'Assessment Cost', value: (a) => a.assessmentCost, numFmt: MONEY },
  { header: 'Overhead', value: (a) => flag(a.overhead) },
  { header: 'Exclude', value: (a) => flag(a.exclude) },
  { header: 'IP Administered', value: (a) => flag(a.ipAdministered) },
  { header: 'Assessment Comments', value: (a) => a.commentsAssessment },
  { header: 'Cost Comments', value: (a) => a.commentsCost },
  { header: 'Clinical Strategy Comments', value: (a) => a.commentsClinicalStrategy },
  { header: 'Data Management Comments', value: (a) => a.commentsDataManagement },
];

/** A level's row with the country or site it belongs to. */
export interface AtLevel<R> {
  entry: SoeSiteGroupEntry;
  row: R;
}

/** Level names: the tab label and country; sites add their number and contract date. */
const levelColumns = <R>(sites: boolean): ExportColumn<AtLevel<R>>[] => [
  { header: 'Country', value: (r) => r.entry.tabLabel },
  { header: 'Country Name', value: (r) => r.entry.countryName },
  ...(sites
    ? [
        { header: 'Site', value: (r: AtLevel<R>) => r.entry.dropDownListLabel ?? r.entry.siteNumber },
        { header: 'Contract Effective Date', value: (r: AtLevel<R>) => r.entry.siteContractEffectiveDate },
      ]
    : []),
  { header: 'Currency', value: (r) => r.entry.effectiveCurrency },
  { header: 'Exchange Rate', value: (r) => r.entry.effectiveExchangeRate, numFmt: '0.0000' },
];

/** Country and site visit rows: the effective values and the level each comes from (study, country or site). */
export const levelVisitColumns = (sites: boolean): ExportColumn<AtLevel<SoeVisitLevel>>[] => [
  ...levelColumns<SoeVisitLevel>(sites),
  { header: 'Visit Category', value: (r) => r.row.visitCategory },
  { header: 'Visit Name', value: (r) => r.row.visitName },
  { header: 'Visit Study Day', value: (r) => r.row.visitStudyDay },
  { header: 'Visit Overhead %', value: (r) => r.row.effective.visitOverheadPct.value, numFmt: DECIMAL },
  { header: 'Visit Overhead % Set At', value: (r) => r.row.effective.visitOverheadPct.from },
  { header: 'Visit Cost', value: (r) => r.row.effective.visitCost.value, numFmt: MONEY },
  { header: 'Visit Cost Set At', value: (r) => r.row.effective.visitCost.from },
  ...(sites
    ? [
        {
          header: 'Total Visit Cost',
          value: (r: AtLevel<SoeVisitLevel>) => r.row.effective.visitCostTotal.value,
          numFmt: MONEY,
        },
      ]
    : []),
];

export const levelAssessmentColumns = (sites: boolean): ExportColumn<AtLevel<SoeAssessmentLevel>>[] => [
  ...levelColumns<SoeAssessmentLevel>(sites),
  { header: 'Assessment Type', value: (r) => r.row.assessmentType },
  { header: 'Assessment Name', value: (r) => r.row.assessmentName },
  { header: 'Assessment Cost', value: (r) => r.row.effective.assessmentCost.value, numFmt: MONEY },
  { header: 'Assessment Cost Set At', value: (r) => r.row.effective.assessmentCost.from },
];

export const riskColumns: ExportColumn<SoeRiskAssessment>[] = [
  { header: 'Category', value: (r) => r.riskAssessmentCategory },
  { header: 'Study Specifics', value: (r) => r.riskAssessmentStudySpecifics },
  { header: 'Risk Score', value: (r) => r.riskAssessmentRiskScore, numFmt: '0.0' },
  { header: 'Low', value: (r) => r.riskAssessmentLow },
  { header: 'Moderate', value: (r) => r.riskAssessmentModerate },
  { header: 'High', value: (r) => r.riskAssessmentHigh },
];

/** The grid's totals rows (spec/2 section 3), in order, with their cell formats. */
export const TOTALS_ROWS = [
  { label: 'Assessment Count', key: 'assessmentCount', numFmt: '0' },
  { label: 'Assessment Cost', key: 'assessmentCost', numFmt: MONEY },
  { label: 'Visit Overhead', key: 'visitOverhead', numFmt: MONEY },
  { label: 'Total Visit Cost', key: 'totalVisitCost', numFmt: MONEY },
  { label: 'Unique CRFs', key: 'uniqueCrfs', numFmt: DECIMAL },
  { label: 'Non Unique CRFs', key: 'nonUniqueCrfs', numFmt: DECIMAL },
] as const;

import type { CurrencyCode } from '../soe/currencies';
import type { SiteFeeType } from '@predict/engine';

/** An error or warning of an uploaded sheet: at a cell ('Per Procedure!E5') or for the whole workbook. */
export interface SheetIssue {
  cell?: string;
  message: string;
}

/**
 * What each SOE upload reader answers (plain data: it crosses from the upload worker by structured clone). With
 * any error nothing is applied and `value` is absent; warnings leave the value usable.
 */
export interface SheetReadResult<T> {
  value?: T;
  errors: SheetIssue[];
  warnings: SheetIssue[];
}

/** A visit of the 'Per Procedure' sheet; cost null when its cell is not a number (one such visit is tolerated). */
export interface EpriceVisitCost {
  visitName: string;
  visitCost: number | null;
  cell: string;
}

export interface EpriceAssessmentCost {
  assessmentName: string;
  assessmentCost: number;
  cell: string;
}

export interface EpriceSiteCost {
  name: string;
  type: SiteFeeType;
  /** Times the fee is forecast to be paid per site (0 when not a number). */
  frequency: number;
  /** The row's 'Total Amount Per Site Cost' (0 when not a number). */
  totalAmount: number;
  /** totalAmount / frequency, or totalAmount when the frequency is 0: what one payment costs. */
  costPerOccurrence: number;
  cell: string;
}

export interface EpriceSheets {
  /** The known currency the sheet names, or null (then the warning is given and the SOE keeps its own). */
  currency: CurrencyCode | null;
  currencyText: string | null;
  visits: EpriceVisitCost[];
  /** Column A / D rows that name an assessment of the SOE (all rows with a cost when no names were given). */
  assessments: EpriceAssessmentCost[];
  /** Column A names with a cost that are not assessments of the SOE (left out). */
  unmatchedAssessments: string[];
  siteCosts: EpriceSiteCost[];
  /** Column A names of the site-fee table that are not known site costs (left out). */
  ignoredSiteCosts: string[];
}

/** One row of an Upload Country Costs workbook (spec/2 section 7, SOEUploadCountry). */
export interface CountryCostRow {
  sheet: string;
  countryName: string;
  /** The SOE's site groups the sheet names (empty when the reader was given none to match). */
  siteGroupIds: number[];
  assessmentName: string;
  assessmentCost: number;
  cell: string;
}

export interface CountryCosts {
  rows: CountryCostRow[];
}

/** The uploaded site contract (spec/2 section 3, SOEUploadSite, without the ids the dialog adds). */
export interface SiteContractSheet {
  siteNumber: string;
  assessments: { assessmentName: string; assessmentCost: number; currency: CurrencyCode | null }[];
  visits: { visitName: string; visitCost: number; currency: CurrencyCode | null }[];
}

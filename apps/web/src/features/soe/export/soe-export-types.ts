import type {
  SoeAssessment,
  SoeAssessmentLevel,
  SoeDetail,
  SoeMappingEntry,
  SoeRiskAssessment,
  SoeSamplingRow,
  SoeSiteGroupEntry,
  SoeVisit,
  SoeVisitLevel,
} from '@predict/shared';

/** One visit's six totals rows (spec/2 section 3) as the editor computes them with the engine, SOE currency. */
export interface SoeExportVisitTotals {
  visitName: string;
  assessmentCount: number;
  assessmentCost: number;
  visitOverhead: number;
  totalVisitCost: number;
  uniqueCrfs: number;
  nonUniqueCrfs: number;
}

/** A country (siteId 1) or site with its own visit and assessment values. */
export interface SoeExportLevel {
  entry: SoeSiteGroupEntry;
  visits: readonly SoeVisitLevel[];
  assessments: readonly SoeAssessmentLevel[];
}

/** Everything the SOE export writes (the editor's reads, spec/2 section 7). */
export interface SoeExportData {
  soe: SoeDetail;
  visits: readonly SoeVisit[];
  assessments: readonly SoeAssessment[];
  mapping: readonly SoeMappingEntry[];
  /** Countries (siteId 1) and sites (siteId other than 1); the study entry (siteGroupId 0) is ignored. */
  levels: readonly SoeExportLevel[];
  risks: readonly SoeRiskAssessment[];
  sampling: readonly SoeSamplingRow[];
  /** The grid's totals rows, when the caller has them. */
  totals?: readonly SoeExportVisitTotals[];
}

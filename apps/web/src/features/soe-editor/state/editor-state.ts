import {
  type SoeAssessment,
  type SoeAssessmentInput,
  type SoeDetail,
  type SoeMappingEntry,
  type SoeRiskAssessment,
  type SoeSamplingRow,
  type SoeVisit,
  type SoeVisitInput,
  withoutSiteCostFlags,
} from '@predict/shared';

/** A visit row of the working copy: the save schema's row (visitKey names it; new rows have no id yet). */
export type EditorVisit = SoeVisitInput;
/** An assessment row of the working copy. */
export type EditorAssessment = SoeAssessmentInput;

/** A ticked grid cell. */
export interface GridCell {
  multiplier: number;
  uniqueNonUniqueForm: 'U' | 'N' | null;
}
/** Ticked cells by assessment key, then visit key: one assessment's row changes without copying the others. */
export type GridCells = Readonly<Record<string, Readonly<Record<string, GridCell>>>>;

/** A visit's own values at a country or site (null = inherited). */
export interface LevelVisitValues {
  visitOverheadPct: number | null;
  visitCost: number | null;
  visitCostTotal: number | null;
}
/** One country's or site's own values, as loaded and as edited, and which rows changed. */
export interface LevelState {
  siteGroupId: number;
  siteId: number;
  visits: Readonly<Record<string, LevelVisitValues>>;
  assessments: Readonly<Record<string, number | null>>;
  changedVisits: ReadonlySet<string>;
  changedAssessments: ReadonlySet<string>;
}

export interface LevelCurrency {
  currency: string | null;
  exchangeRate: number | null;
}

/** The editor's working copy and its change logs (spec/2 section 4). */
export interface EditorState {
  version: number;
  intervalType: SoeDetail['visitIntervalType'];
  visits: readonly EditorVisit[];
  assessments: readonly EditorAssessment[];
  /** Keys of assessments whose name mapping was typed, not chosen from the list. */
  invalidMappings: ReadonlySet<string>;
  cells: GridCells;
  /** The grid's read has arrived: until then the grid shows a spinner and Save waits. */
  gridLoaded: boolean;
  /** `${assessmentKey}|${visitKey}` of cells changed since the load. */
  changedCells: ReadonlySet<string>;
  /** Rows added, removed, reordered or edited. */
  visitsChanged: boolean;
  assessmentsChanged: boolean;
  /** By levelId (`${siteGroupId}:${siteId}`). */
  levels: Readonly<Record<string, LevelState>>;
  currencies: Readonly<Record<string, LevelCurrency>>;
  contractDates: Readonly<Record<string, string | null>>;
  risks: readonly SoeRiskAssessment[];
  changedRisks: ReadonlySet<number>;
  /** Changed sampling notes by `${tableSort}:${rowSort}`. */
  samplingNotes: Readonly<Record<string, string | null>>;
  /** Counter of temporary keys of new rows. */
  nextKey: number;
}

export const levelId = (siteGroupId: number, siteId: number) => `${siteGroupId}:${siteId}`;
export const cellId = (assessmentKey: string, visitKey: string) => `${assessmentKey}|${visitKey}`;

/** Everything the editor loads for the study level. */
export interface SoeEditorData {
  soe: SoeDetail;
  visits: SoeVisit[];
  assessments: SoeAssessment[];
  /** Null while the grid's read (the largest) is still on its way: the tables show without it. */
  mapping: SoeMappingEntry[] | null;
  risks: SoeRiskAssessment[];
  sampling: SoeSamplingRow[];
}

const visitRow = (v: SoeVisit): EditorVisit => ({
  scheduleOfEventsVisitId: v.scheduleOfEventsVisitId,
  visitKey: String(v.scheduleOfEventsVisitId),
  visitName: v.visitName,
  visitCategory: v.visitCategory,
  visitStudyDay: v.visitStudyDay,
  visitVarianceType: v.visitVarianceType,
  visitVariance: v.visitVariance,
  visitIntervalType: v.visitIntervalType,
  visitOverheadPct: v.visitOverheadPct,
  visitCost: v.visitCost,
  commentsVisit: v.commentsVisit,
  commentsCost: v.commentsCost,
  commentsClinicalStrategy: v.commentsClinicalStrategy,
  commentsDataManagement: v.commentsDataManagement,
  miEstSDRSDV: v.miEstSDRSDV,
  miSampleVisit: v.miSampleVisit,
  miSuggestedOnSiteSDRSDV: v.miSuggestedOnSiteSDRSDV,
  miSuggestedCDAReview: v.miSuggestedCDAReview,
  miEstCDAReportFrequency: v.miEstCDAReportFrequency,
  dmUniqueCRFs: v.dmUniqueCRFs,
  dmNonUniqueCRFs: v.dmNonUniqueCRFs,
  dmIntegratedEpro: v.dmIntegratedEpro,
  dmPaperEpro: v.dmPaperEpro,
  dmCentralLab: v.dmCentralLab,
  dmLocalLab: v.dmLocalLab,
});

const assessmentRow = (a: SoeAssessment): EditorAssessment => ({
  scheduleOfEventsAssessmentId: a.scheduleOfEventsAssessmentId,
  assessmentKey: String(a.scheduleOfEventsAssessmentId),
  assessmentType: a.assessmentType as EditorAssessment['assessmentType'],
  assessmentName: a.assessmentName,
  assessmentNameMapping: a.assessmentNameMapping,
  assessmentCost: a.assessmentCost,
  overhead: a.overhead,
  exclude: a.exclude,
  ipAdministered: a.ipAdministered,
  commentsAssessment: a.commentsAssessment,
  commentsCost: a.commentsCost,
  commentsClinicalStrategy: a.commentsClinicalStrategy,
  commentsDataManagement: a.commentsDataManagement,
});

/**
 * The ticked cells of a mapping read, by assessment then visit key; only rows in `keep` (when given: the rows still
 * in the working copy when the read arrived after the tables).
 */
export function cellsOf(
  mapping: readonly SoeMappingEntry[],
  keep?: { visits: ReadonlySet<string>; assessments: ReadonlySet<string> },
): GridCells {
  const cells: Record<string, Record<string, GridCell>> = {};
  for (const m of mapping) {
    if (m.mappingAssessmentVisit !== 1) continue;
    const assessmentKey = String(m.scheduleOfEventsAssessmentId);
    const visitKey = String(m.scheduleOfEventsVisitId);
    if (keep && !(keep.assessments.has(assessmentKey) && keep.visits.has(visitKey))) continue;
    (cells[assessmentKey] ??= {})[visitKey] = {
      multiplier: m.multiplier ?? 1,
      uniqueNonUniqueForm: m.uniqueNonUniqueForm,
    };
  }
  return cells;
}

/** The working copy of freshly loaded data: no changes. */
export function initialEditorState(data: SoeEditorData): EditorState {
  return {
    version: data.soe.version,
    intervalType: data.soe.visitIntervalType,
    visits: [...data.visits].sort((a, b) => a.visitSortOrder - b.visitSortOrder).map(visitRow),
    assessments: [...data.assessments]
      .sort((a, b) => a.assessmentSortOrder - b.assessmentSortOrder)
      // A site fee saved with flags before the server refused them: cleared, since its checkboxes are disabled.
      .map((a) => withoutSiteCostFlags(assessmentRow(a))),
    invalidMappings: new Set(),
    cells: data.mapping ? cellsOf(data.mapping) : {},
    gridLoaded: data.mapping !== null,
    changedCells: new Set(),
    visitsChanged: false,
    assessmentsChanged: false,
    levels: {},
    currencies: {},
    contractDates: {},
    risks: data.risks,
    changedRisks: new Set(),
    samplingNotes: {},
    nextKey: 1,
  };
}

/** True when the working copy differs from what was loaded (the unsaved-changes flag). */
export function hasUnsavedChanges(s: EditorState): boolean {
  return (
    s.visitsChanged ||
    s.assessmentsChanged ||
    s.changedCells.size > 0 ||
    Object.values(s.levels).some((l) => l.changedVisits.size > 0 || l.changedAssessments.size > 0) ||
    Object.keys(s.currencies).length > 0 ||
    Object.keys(s.contractDates).length > 0 ||
    s.changedRisks.size > 0 ||
    Object.keys(s.samplingNotes).length > 0
  );
}

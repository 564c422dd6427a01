import {
  blankAssessmentInput,
  blankVisitInput,
  type SoeAssessmentLevel,
  type SoeMappingEntry,
  type SoeRiskAssessment,
  type SoeVisitLevel,
} from '@predict/shared';
import {
  cellId,
  cellsOf,
  levelId,
  type EditorAssessment,
  type EditorState,
  type EditorVisit,
  type GridCell,
  type LevelCurrency,
  type LevelState,
  type LevelVisitValues,
} from './editor-state';

export type EditorAction =
  | { type: 'addVisit' }
  | { type: 'updateVisit'; key: string; patch: Partial<EditorVisit> }
  | { type: 'deleteVisit'; key: string }
  | { type: 'moveVisit'; from: number; to: number }
  /** Apply To All: the first non-empty overhead % goes to every visit (the caller checks one exists). */
  | { type: 'applyOverheadToAll' }
  | { type: 'addAssessment' }
  | { type: 'updateAssessment'; key: string; patch: Partial<EditorAssessment> }
  | { type: 'setMappingValid'; key: string; valid: boolean }
  | { type: 'deleteAssessment'; key: string }
  | { type: 'setCell'; assessmentKey: string; visitKey: string; cell: GridCell | null }
  | {
      type: 'levelLoaded';
      siteGroupId: number;
      siteId: number;
      visits: SoeVisitLevel[];
      assessments: SoeAssessmentLevel[];
    }
  | { type: 'updateLevelVisit'; level: string; key: string; patch: Partial<LevelVisitValues> }
  | { type: 'updateLevelAssessment'; level: string; key: string; cost: number | null }
  | { type: 'applyLevelOverheadToAll'; level: string }
  | { type: 'setCurrency'; siteGroupId: number; siteId: number; value: LevelCurrency }
  | { type: 'setContractDate'; siteGroupId: number; siteId: number; date: string | null }
  | {
      type: 'setRisk';
      riskId: number;
      change: Partial<Pick<SoeRiskAssessment, 'riskAssessmentStudySpecifics' | 'riskAssessmentRiskScore'>>;
    }
  | { type: 'setSamplingNote'; tableSort: number; rowSort: number; notes: string | null }
  /** The grid's read arrived after the tables: its cells join the working copy, unchanged. */
  | { type: 'mappingLoaded'; mapping: readonly SoeMappingEntry[] }
  /** The Edit dialog saved the SOE's own fields against `version`; the server raised it by one. */
  | { type: 'detailsSaved'; version: number };

const withAdded = <T>(set: ReadonlySet<T>, item: T) => (set.has(item) ? set : new Set(set).add(item));
const withoutKey = <T>(record: Readonly<Record<string, T>>, key: string) => {
  if (!(key in record)) return record;
  const { [key]: _removed, ...rest } = record;
  return rest;
};

const EMPTY_LEVEL_VISIT: LevelVisitValues = { visitOverheadPct: null, visitCost: null, visitCostTotal: null };

function levelFromRows(a: Extract<EditorAction, { type: 'levelLoaded' }>): LevelState {
  return {
    siteGroupId: a.siteGroupId,
    siteId: a.siteId,
    visits: Object.fromEntries(
      a.visits.map((v) => [
        String(v.scheduleOfEventsVisitId),
        { visitOverheadPct: v.visitOverheadPct, visitCost: v.visitCost, visitCostTotal: v.visitCostTotal },
      ]),
    ),
    assessments: Object.fromEntries(
      a.assessments.map((x) => [String(x.scheduleOfEventsAssessmentId), x.assessmentCost]),
    ),
    changedVisits: new Set(),
    changedAssessments: new Set(),
  };
}

/** The editor's working copy: each action returns a new state sharing everything it did not change. */
export function editorReducer(s: EditorState, a: EditorAction): EditorState {
  switch (a.type) {
    case 'mappingLoaded':
      if (s.gridLoaded) return s;
      // Rows removed in the meantime keep no cells.
      return {
        ...s,
        gridLoaded: true,
        cells: cellsOf(a.mapping, {
          visits: new Set(s.visits.map((v) => v.visitKey)),
          assessments: new Set(s.assessments.map((x) => x.assessmentKey)),
        }),
      };
    case 'addVisit':
      return {
        ...s,
        visits: [...s.visits, blankVisitInput(`new-visit-${s.nextKey}`, s.intervalType)],
        nextKey: s.nextKey + 1,
        visitsChanged: true,
      };
    case 'updateVisit':
      return {
        ...s,
        visits: s.visits.map((v) => (v.visitKey === a.key ? { ...v, ...a.patch } : v)),
        visitsChanged: true,
      };
    case 'deleteVisit': {
      // The visit's cells go with it: drop them and their change entries.
      const cells = Object.fromEntries(
        Object.entries(s.cells).map(([ak, row]) => [ak, withoutKey(row, a.key)]),
      );
      const changedCells = new Set([...s.changedCells].filter((c) => !c.endsWith(`|${a.key}`)));
      return {
        ...s,
        visits: s.visits.filter((v) => v.visitKey !== a.key),
        cells,
        changedCells,
        visitsChanged: true,
      };
    }
    case 'moveVisit': {
      if (a.from === a.to || a.to < 0 || a.to >= s.visits.length) return s;
      const visits = [...s.visits];
      const [moved] = visits.splice(a.from, 1);
      visits.splice(a.to, 0, moved!);
      return { ...s, visits, visitsChanged: true };
    }
    case 'applyOverheadToAll': {
      const pct = s.visits.find((v) => v.visitOverheadPct !== null)?.visitOverheadPct;
      if (pct === undefined || pct === null) return s;
      return { ...s, visits: s.visits.map((v) => ({ ...v, visitOverheadPct: pct })), visitsChanged: true };
    }
    case 'addAssessment':
      return {
        ...s,
        assessments: [...s.assessments, blankAssessmentInput(`new-assessment-${s.nextKey}`)],
        nextKey: s.nextKey + 1,
        assessmentsChanged: true,
      };
    case 'updateAssessment':
      return {
        ...s,
        assessments: s.assessments.map((x) => (x.assessmentKey === a.key ? { ...x, ...a.patch } : x)),
        assessmentsChanged: true,
      };
    case 'setMappingValid': {
      if (s.invalidMappings.has(a.key) === !a.valid) return s;
      const invalidMappings = new Set(s.invalidMappings);
      if (a.valid) invalidMappings.delete(a.key);
      else invalidMappings.add(a.key);
      return { ...s, invalidMappings };
    }
    case 'deleteAssessment': {
      const changedCells = new Set([...s.changedCells].filter((c) => !c.startsWith(`${a.key}|`)));
      const invalidMappings = new Set(s.invalidMappings);
      invalidMappings.delete(a.key);
      return {
        ...s,
        assessments: s.assessments.filter((x) => x.assessmentKey !== a.key),
        cells: withoutKey(s.cells, a.key),
        changedCells,
        invalidMappings,
        assessmentsChanged: true,
      };
    }
    case 'setCell': {
      const row = s.cells[a.assessmentKey] ?? {};
      const nextRow = a.cell ? { ...row, [a.visitKey]: a.cell } : withoutKey(row, a.visitKey);
      return {
        ...s,
        cells: { ...s.cells, [a.assessmentKey]: nextRow },
        changedCells: withAdded(s.changedCells, cellId(a.assessmentKey, a.visitKey)),
      };
    }
    case 'levelLoaded': {
      const id = levelId(a.siteGroupId, a.siteId);
      // Edits made before a refetch win over the loaded values.
      if (s.levels[id]) return s;
      return { ...s, levels: { ...s.levels, [id]: levelFromRows(a) } };
    }
    case 'updateLevelVisit': {
      const level = s.levels[a.level];
      if (!level) return s;
      const current = level.visits[a.key] ?? EMPTY_LEVEL_VISIT;
      return {
        ...s,
        levels: {
          ...s.levels,
          [a.level]: {
            ...level,
            visits: { ...level.visits, [a.key]: { ...current, ...a.patch } },
            changedVisits: withAdded(level.changedVisits, a.key),
          },
        },
      };
    }
    case 'updateLevelAssessment': {
      const level = s.levels[a.level];
      if (!level) return s;
      return {
        ...s,
        levels: {
          ...s.levels,
          [a.level]: {
            ...level,
            assessments: { ...level.assessments, [a.key]: a.cost },
            changedAssessments: withAdded(level.changedAssessments, a.key),
          },
        },
      };
    }
    case 'applyLevelOverheadToAll': {
      const level = s.levels[a.level];
      if (!level) return s;
      const pct = s.visits
        .map((v) => level.visits[v.visitKey]?.visitOverheadPct ?? null)
        .find((p) => p !== null);
      if (pct === undefined || pct === null) return s;
      const visits = { ...level.visits };
      for (const v of s.visits)
        visits[v.visitKey] = { ...(visits[v.visitKey] ?? EMPTY_LEVEL_VISIT), visitOverheadPct: pct };
      const changedVisits = new Set([...level.changedVisits, ...s.visits.map((v) => v.visitKey)]);
      return { ...s, levels: { ...s.levels, [a.level]: { ...level, visits, changedVisits } } };
    }
    case 'setCurrency':
      return { ...s, currencies: { ...s.currencies, [levelId(a.siteGroupId, a.siteId)]: a.value } };
    case 'setContractDate':
      return { ...s, contractDates: { ...s.contractDates, [levelId(a.siteGroupId, a.siteId)]: a.date } };
    case 'setRisk':
      return {
        ...s,
        risks: s.risks.map((r) =>
          r.scheduleOfEventsRiskAssessmentId === a.riskId ? { ...r, ...a.change } : r,
        ),
        changedRisks: withAdded(s.changedRisks, a.riskId),
      };
    case 'setSamplingNote':
      return { ...s, samplingNotes: { ...s.samplingNotes, [`${a.tableSort}:${a.rowSort}`]: a.notes } };
    case 'detailsSaved':
      // The table edits still base on what was loaded: only the SOE's own fields moved on, by our own save.
      // Another version (someone else saved meanwhile) stays, so that the table save still meets its 409.
      return s.version === a.version ? { ...s, version: a.version + 1 } : s;
  }
}

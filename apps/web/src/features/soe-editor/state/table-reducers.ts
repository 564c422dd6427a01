import { blankAssessmentInput, blankVisitInput } from '@predict/shared';
import type { ActionOf } from './editor-actions';
import { cellId, cellsOf, type EditorState } from './editor-state';
import { withAdded, withoutKey } from './reducer-utils';

export type VisitAction = ActionOf<
  'addVisit' | 'updateVisit' | 'deleteVisit' | 'moveVisit' | 'applyOverheadToAll'
>;
export type AssessmentAction = ActionOf<
  'addAssessment' | 'updateAssessment' | 'setMappingValid' | 'deleteAssessment'
>;
export type GridAction = ActionOf<'mappingLoaded' | 'setCell'>;

/** The study's Visits table. */
export function visitsReducer(s: EditorState, a: VisitAction): EditorState {
  switch (a.type) {
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
  }
}

/** The study's Assessments table. */
export function assessmentsReducer(s: EditorState, a: AssessmentAction): EditorState {
  switch (a.type) {
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
  }
}

/** The study's grid: its cells as read, and the cells edited. */
export function gridReducer(s: EditorState, a: GridAction): EditorState {
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
    case 'setCell': {
      const row = s.cells[a.assessmentKey] ?? {};
      const nextRow = a.cell ? { ...row, [a.visitKey]: a.cell } : withoutKey(row, a.visitKey);
      return {
        ...s,
        cells: { ...s.cells, [a.assessmentKey]: nextRow },
        changedCells: withAdded(s.changedCells, cellId(a.assessmentKey, a.visitKey)),
      };
    }
  }
}

import type { ActionOf, EditorAction } from './editor-actions';
import { levelId, type EditorState } from './editor-state';
import { levelsReducer } from './level-reducers';
import { withAdded } from './reducer-utils';
import { assessmentsReducer, gridReducer, visitsReducer } from './table-reducers';

// The action type stays importable from here, where the editor's components take it from.
export type { EditorAction } from './editor-actions';

type FieldAction = ActionOf<
  'setCurrency' | 'setContractDate' | 'setRisk' | 'setSamplingNote' | 'detailsSaved'
>;

/** The fields outside the tables: a level's currency and contract date, the risks, the sampling notes. */
function fieldsReducer(s: EditorState, a: FieldAction): EditorState {
  switch (a.type) {
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

/**
 * The editor's working copy: each action returns a new state sharing everything it did not change. Each group of
 * actions has its own reducer.
 */
export function editorReducer(s: EditorState, a: EditorAction): EditorState {
  switch (a.type) {
    case 'addVisit':
    case 'updateVisit':
    case 'deleteVisit':
    case 'moveVisit':
    case 'applyOverheadToAll':
      return visitsReducer(s, a);
    case 'addAssessment':
    case 'updateAssessment':
    case 'setMappingValid':
    case 'deleteAssessment':
      return assessmentsReducer(s, a);
    case 'mappingLoaded':
    case 'setCell':
      return gridReducer(s, a);
    case 'levelLoaded':
    case 'updateLevelVisit':
    case 'updateLevelAssessment':
    case 'applyLevelOverheadToAll':
      return levelsReducer(s, a);
    case 'setCurrency':
    case 'setContractDate':
    case 'setRisk':
    case 'setSamplingNote':
    case 'detailsSaved':
      return fieldsReducer(s, a);
  }
}

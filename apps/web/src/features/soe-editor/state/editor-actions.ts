import type { SoeAssessmentLevel, SoeMappingEntry, SoeRiskAssessment, SoeVisitLevel } from '@predict/shared';
import type {
  EditorAssessment,
  EditorVisit,
  GridCell,
  LevelCurrency,
  LevelVisitValues,
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

/** The actions of the given types (each group's reducer takes only its own). */
export type ActionOf<T extends EditorAction['type']> = Extract<EditorAction, { type: T }>;

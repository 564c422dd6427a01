import type { ActionOf } from './editor-actions';
import { levelId, type EditorState, type LevelState, type LevelVisitValues } from './editor-state';
import { withAdded } from './reducer-utils';

export type LevelAction = ActionOf<
  'levelLoaded' | 'updateLevelVisit' | 'updateLevelAssessment' | 'applyLevelOverheadToAll'
>;

const EMPTY_LEVEL_VISIT: LevelVisitValues = { visitOverheadPct: null, visitCost: null, visitCostTotal: null };

function levelFromRows(a: ActionOf<'levelLoaded'>): LevelState {
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

/** The first overhead % set on the level, in the study's visit order, to go to all its visits. */
function applyLevelOverheadToAll(s: EditorState, a: ActionOf<'applyLevelOverheadToAll'>): EditorState {
  const level = s.levels[a.level];
  if (!level) return s;
  const pct = s.visits.map((v) => level.visits[v.visitKey]?.visitOverheadPct ?? null).find((p) => p !== null);
  if (pct === undefined || pct === null) return s;
  const visits = { ...level.visits };
  for (const v of s.visits)
    visits[v.visitKey] = { ...(visits[v.visitKey] ?? EMPTY_LEVEL_VISIT), visitOverheadPct: pct };
  const changedVisits = new Set([...level.changedVisits, ...s.visits.map((v) => v.visitKey)]);
  return { ...s, levels: { ...s.levels, [a.level]: { ...level, visits, changedVisits } } };
}

/** A country or site tab's own values: loaded once, then edited in the working copy. */
export function levelsReducer(s: EditorState, a: LevelAction): EditorState {
  switch (a.type) {
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
    case 'applyLevelOverheadToAll':
      return applyLevelOverheadToAll(s, a);
  }
}

import type { EditorAction } from './editor-reducer';

/** Which sections of the study tab are open, by section id. */
export type OpenSections = Record<string, boolean>;

/** The three tables of the study tab: opening one closes the others (spec/2 section 2). */
const EXCLUSIVE = ['visits', 'assessments', 'grid'];

/** `open` with section `id` opened or closed; opening one of the three tables closes the other two. */
export function withSection(open: OpenSections, id: string, next: boolean): OpenSections {
  const closed = next && EXCLUSIVE.includes(id) ? Object.fromEntries(EXCLUSIVE.map((k) => [k, false])) : {};
  return { ...open, ...closed, [id]: next };
}

/**
 * The sections the editor opens with: the Visits table on a first load, otherwise the remembered ones with the
 * last edited table open (spec/2 section 2: restored after a save).
 */
export function initialSections(remembered: { open: OpenSections; lastEdited: string | null } | null) {
  if (!remembered) return { visits: true };
  return remembered.lastEdited ? withSection(remembered.open, remembered.lastEdited, true) : remembered.open;
}

/** The section id of the table an edit belongs to (the view remembers the last one); null for the controls. */
export function editedSection(action: EditorAction): string | null {
  switch (action.type) {
    case 'addVisit':
    case 'updateVisit':
    case 'deleteVisit':
    case 'moveVisit':
    case 'applyOverheadToAll':
      return 'visits';
    case 'addAssessment':
    case 'updateAssessment':
    case 'setMappingValid':
    case 'deleteAssessment':
      return 'assessments';
    case 'setCell':
      return 'grid';
    case 'updateLevelVisit':
    case 'applyLevelOverheadToAll':
      return 'level-visits';
    case 'updateLevelAssessment':
      return 'level-assessments';
    case 'setRisk':
      return 'initial-risk-assessment';
    case 'setSamplingNote':
      return `sampling-${action.tableSort}`;
    default:
      return null;
  }
}

import type { SoeRowIssue } from '@predict/shared';
import { useMemo } from 'react';
import type { EditorState } from '../state/editor-state';
import { fieldErrorsByKey } from '../state/save-body';

/** The save's field errors by table row key, then by field, for the tables to show on their cells. */
export function useRowErrors(
  visits: EditorState['visits'],
  assessments: EditorState['assessments'],
  issues: SoeRowIssue[],
) {
  return useMemo(() => {
    const byRow = new Map<string, Record<string, string>>();
    for (const [id, message] of fieldErrorsByKey({ visits, assessments }, issues)) {
      const dot = id.lastIndexOf('.');
      const key = id.slice(0, dot);
      byRow.set(key, { ...byRow.get(key), [id.slice(dot + 1)]: message });
    }
    return byRow;
  }, [visits, assessments, issues]);
}

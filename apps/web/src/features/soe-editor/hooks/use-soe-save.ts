import { SOE_MESSAGES, summarizeSoeIssues, type SoeRowIssue } from '@predict/shared';
import { useCallback, useMemo, useState } from 'react';
import { useNotify } from '@/components/snackbars';
import { isApiError } from '@/lib/api-client';
import { saveSoe } from '../api/soe-editor-api';
import type { EditorState } from '../state/editor-state';
import { buildSaveBody, saveIssues, serverFieldIssues } from '../state/save-body';

export type SaveOutcome = 'saved' | 'invalid' | 'stale' | 'failed';

// One empty list, so that memoised consumers see no change while nothing is wrong.
const NO_ISSUES: SoeRowIssue[] = [];

/**
 * The editor's Save: validates the working copy (after a refused Save the error list follows the edits live),
 * posts one body with the loaded version, and tells apart a stale version (409: Reload), field errors (400) and
 * other failures.
 */
export function useSoeSave(soeId: number, state: EditorState, onSaved: () => Promise<void>) {
  const notify = useNotify();
  const [saving, setSaving] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const [serverIssues, setServerIssues] = useState<SoeRowIssue[]>(NO_ISSUES);
  const [stale, setStale] = useState(false);
  const clientIssues = useMemo(
    () => (attempted ? saveIssues(state, buildSaveBody(state)) : NO_ISSUES),
    [attempted, state],
  );
  const issues = useMemo(
    () => (serverIssues.length === 0 ? clientIssues : [...clientIssues, ...serverIssues]),
    [clientIssues, serverIssues],
  );
  const save = useCallback(async (): Promise<SaveOutcome> => {
    const body = buildSaveBody(state);
    setServerIssues(NO_ISSUES);
    if (saveIssues(state, body).length > 0) {
      setAttempted(true);
      return 'invalid';
    }
    setSaving(true);
    try {
      await saveSoe(soeId, body);
      notify.success(SOE_MESSAGES.saved);
      await onSaved();
      return 'saved';
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        setStale(true);
        return 'stale';
      }
      if (isApiError(error) && error.status === 400 && error.fields.length > 0) {
        setServerIssues(serverFieldIssues(error.fields));
        return 'invalid';
      }
      notify.error(isApiError(error) && error.message ? error.message : SOE_MESSAGES.saveFailed);
      return 'failed';
    } finally {
      setSaving(false);
    }
  }, [state, soeId, notify, onSaved]);
  const summary = useMemo(() => summarizeSoeIssues(issues), [issues]);
  return { save, saving, issues, summary, stale };
}

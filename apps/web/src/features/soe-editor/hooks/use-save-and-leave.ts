import { useCallback, useEffect, useRef } from 'react';
import { useUnsavedChangesGuard } from '@/hooks/use-unsaved-changes-guard';
import type { EditorState } from '../state/editor-state';
import { useSoeSave } from './use-soe-save';

/**
 * The editor's Save (a save reloads the editor, its view written first) and its leave guard: every way out of the
 * editor (Back to SOE List, Cancel, the top bar, the browser's Back) is held while there are unsaved changes, and
 * asked in the spec's dialog, whose Save & Exit saves and then leaves; closing or reloading the tab gets the
 * browser's own.
 */
export function useSaveAndLeave(
  soeId: number,
  state: EditorState,
  dirty: boolean,
  flush: () => void,
  reload: () => Promise<void>,
) {
  // Save & Exit: after the save, leave instead of reloading (a ref: the save runs before a re-render).
  const exitAfterSave = useRef(false);
  const onSaved = useCallback(async () => {
    if (exitAfterSave.current) return;
    flush();
    await reload();
  }, [flush, reload]);
  const saver = useSoeSave(soeId, state, onSaved);
  const leave = useUnsavedChangesGuard(dirty);
  const saveAndExit = async () => {
    exitAfterSave.current = true;
    const outcome = await saver.save();
    exitAfterSave.current = false;
    // Only a save that worked leaves (spec/2 section 4); otherwise the editor stays with the save's messages.
    if (outcome === 'saved') leave.proceed?.();
    else leave.reset?.();
  };
  // The latest save without re-rendering the bottom bar on every edit.
  const saveRef = useRef(saver.save);
  useEffect(() => {
    saveRef.current = saver.save;
  }, [saver.save]);
  const onSave = useCallback(() => void saveRef.current(), []);
  return { saver, leave, saveAndExit, onSave };
}

/** What useSaveAndLeave returns. */
export type SaveAndLeave = ReturnType<typeof useSaveAndLeave>;

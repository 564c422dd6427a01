import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { useConfirm } from '@/components/warning-dialog';

export interface UnsavedChangesGuardOptions {
  /** The dialog's question ('Leave without saving your changes?'). */
  message: string;
  title?: string;
  okLabel?: string;
  cancelLabel?: string;
}

/**
 * While `active` (there are unsaved edits), moving to another address of the app first asks in the app's warning
 * dialog, and closing or reloading the tab lets the browser ask. Needs a data router (createBrowserRouter).
 * Without `options` the caller asks in a dialog of its own while the returned blocker is 'blocked', and answers
 * with its proceed() or reset().
 */
export function useUnsavedChangesGuard(active: boolean, options?: UnsavedChangesGuardOptions) {
  const confirm = useConfirm();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => active && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked' || !options) return;
    let answered = false;
    void confirm(options).then((ok) => {
      if (answered) return;
      answered = true;
      if (ok) blocker.proceed();
      else blocker.reset();
    });
    return () => {
      answered = true;
    };
    // The options are read when the dialog opens; a new options object each render must not reopen it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [blocker.state]);

  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [active]);

  return blocker;
}

import { useCallback, useEffect, useRef } from 'react';
import { useBlocker, useNavigate } from 'react-router';

/**
 * Holds every navigation to another page while there are unsaved changes - the step header, Back, Back to Study
 * Plan List, the top bar - so the page can ask first (spec/1 section 2 'You Have Unsaved Changes'). Changing the
 * country tab (?country=) or an anchor stays on the page and is never held. `leave` navigates without asking,
 * for moves made right after a save.
 */
export function useLeaveGuard(dirty: boolean) {
  const navigate = useNavigate();
  const bypass = useRef(false);
  const blocker = useBlocker(
    useCallback(
      ({ currentLocation, nextLocation }) =>
        dirty && !bypass.current && currentLocation.pathname !== nextLocation.pathname,
      [dirty],
    ),
  );

  useEffect(() => {
    if (!dirty) return;
    // Closing the tab or reloading would lose the changes: let the browser ask.
    const onBeforeUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const leave = useCallback(
    (to: string) => {
      bypass.current = true;
      void navigate(to);
    },
    [navigate],
  );

  return { blocker, leave };
}

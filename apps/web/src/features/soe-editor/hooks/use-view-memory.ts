import { useCallback } from 'react';

/** What the editor restores after a save (spec/2 section 2): the scroll position and the open sections. */
export interface ViewMemory {
  scrollY: number;
  open: Record<string, boolean>;
}

const storageKey = (soeId: number) => `predict.soe-editor.view.${soeId}`;

/** Writes, reads and forgets the view memory in session storage. */
export function useViewMemory(soeId: number) {
  const remember = useCallback(
    (memory: ViewMemory) => window.sessionStorage.setItem(storageKey(soeId), JSON.stringify(memory)),
    [soeId],
  );
  const take = useCallback((): ViewMemory | null => {
    const raw = window.sessionStorage.getItem(storageKey(soeId));
    if (!raw) return null;
    try {
      return JSON.parse(raw) as ViewMemory;
    } catch {
      return null;
    }
  }, [soeId]);
  const forget = useCallback(() => window.sessionStorage.removeItem(storageKey(soeId)), [soeId]);
  return { remember, take, forget };
}

import { useCallback, useEffect, useRef } from 'react';
import { useDebouncedCallback } from '@/hooks/use-debounced-callback';

/**
 * What the editor keeps of its view in session storage (spec/2 section 2): the scroll position, the open sections
 * and the last edited table. It is written as the view changes, with the address entry it belongs to (the
 * router's location key, which a reload keeps), so a save's reload and a reload of the page (F5) come back to it,
 * and so does Back to that entry, while opening the editor afresh (a new entry) starts as a first load does.
 */
export interface ViewMemory {
  /** The location key of the address entry the view was seen at. */
  key: string;
  scrollY: number;
  open: Record<string, boolean>;
  /** The section id of the table last edited (visits, grid, level-assessments, ...), or null. */
  lastEdited: string | null;
}

/** Scroll positions are written once scrolling has paused. */
const SCROLL_WRITE_MS = 200;
const storageKey = (soeId: number) => `predict.soe-editor.view.${soeId}`;

/** The view kept for `soeId` at the address entry `key`, or null (none, another entry's, or not readable). */
export function readViewMemory(soeId: number, key: string): ViewMemory | null {
  try {
    const memory = JSON.parse(
      window.sessionStorage.getItem(storageKey(soeId)) ?? 'null',
    ) as ViewMemory | null;
    const valid = memory && typeof memory.scrollY === 'number' && typeof memory.open === 'object';
    return valid && memory.key === key ? memory : null;
  } catch {
    return null;
  }
}

/**
 * Keeps the editor's view of `soeId` in session storage while `open` (the open sections) or the address entry
 * (`key`) changes, the window scrolls and tables are edited (`edited`). `remembered` is what readViewMemory found
 * at mount: the caller opens its sections, this hook scrolls back to its position.
 */
export function useViewMemory(
  soeId: number,
  key: string,
  open: Record<string, boolean>,
  remembered: ViewMemory | null,
) {
  const view = useRef<ViewMemory>({
    key,
    scrollY: remembered?.scrollY ?? 0,
    open,
    lastEdited: remembered?.lastEdited ?? null,
  });
  const write = useCallback(
    () => window.sessionStorage.setItem(storageKey(soeId), JSON.stringify(view.current)),
    [soeId],
  );

  useEffect(() => {
    view.current = { ...view.current, key, open };
    write();
  }, [key, open, write]);

  const writeSoon = useDebouncedCallback(write, SCROLL_WRITE_MS);
  useEffect(() => {
    const onScroll = () => {
      view.current = { ...view.current, scrollY: window.scrollY };
      writeSoon();
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [writeSoon]);

  // Back to where the view was, once the restored sections have rendered.
  useEffect(() => {
    if (!remembered) return;
    const frame = requestAnimationFrame(() => window.scrollTo(0, remembered.scrollY));
    return () => cancelAnimationFrame(frame);
  }, [remembered]);

  const edited = useCallback(
    (section: string) => {
      if (view.current.lastEdited === section) return;
      view.current = { ...view.current, lastEdited: section };
      write();
    },
    [write],
  );
  /** Writes the view now, with the scroll position of this moment (before a save's reload). */
  const flush = useCallback(() => {
    writeSoon.cancel();
    view.current = { ...view.current, scrollY: window.scrollY };
    write();
  }, [write, writeSoon]);
  return { edited, flush };
}

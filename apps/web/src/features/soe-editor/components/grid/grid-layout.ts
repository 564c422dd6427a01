import { useCallback, useEffect, useRef, useState } from 'react';

export const ROW_HEIGHT = 36;
export const COLUMN_WIDTH = 116;
export const NAME_WIDTH = 240;
const OVERSCAN = 4;
// jsdom and a first paint have no layout: assume a laptop-sized viewport until measured.
const FALLBACK = { width: 1200, height: 600 };

/**
 * Windowing of the grid (200 visits x 300 assessments stays responsive): only the rows and columns in view, plus a
 * few either side, are rendered; spacers keep the scroll size.
 */
export function useGridWindow(rowCount: number, columnCount: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, left: 0, ...FALLBACK });
  const frame = useRef(0);
  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    setView({
      top: el.scrollTop,
      left: el.scrollLeft,
      width: el.clientWidth || FALLBACK.width,
      height: el.clientHeight || FALLBACK.height,
    });
  }, []);
  const onScroll = useCallback(() => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(measure);
  }, [measure]);
  useEffect(() => {
    measure();
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('resize', onScroll);
      cancelAnimationFrame(frame.current);
    };
  }, [measure, onScroll]);
  const rowStart = Math.max(0, Math.floor(view.top / ROW_HEIGHT) - OVERSCAN);
  const rowEnd = Math.min(rowCount, Math.ceil((view.top + view.height) / ROW_HEIGHT) + OVERSCAN);
  const colStart = Math.max(0, Math.floor(view.left / COLUMN_WIDTH) - OVERSCAN);
  const colEnd = Math.min(columnCount, Math.ceil((view.left + view.width) / COLUMN_WIDTH) + OVERSCAN);
  return { ref, onScroll, rowStart, rowEnd, colStart, colEnd };
}

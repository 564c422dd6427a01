import TableContainer from '@mui/material/TableContainer';
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';

/** Whether the element's content is wider than the element, followed as either resizes. */
function useOverflowsX(ref: RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const check = () => setOverflows(box.scrollWidth > box.clientWidth + 1);
    check();
    // jsdom has no ResizeObserver: there, the first measure is all there is.
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(check);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, [ref]);
  return overflows;
}

/**
 * A shadow at the right edge while columns lie beyond it: an opaque cover fixed to the end of the content
 * (attachment local) slides over the shadow fixed to the box's edge (attachment scroll) once the end is reached.
 * Without it the cut-off last column of the start-up milestones looked like the table's end.
 */
const rightEdgeShadow = {
  background: [
    'linear-gradient(to left, #fff 40%, rgba(255, 255, 255, 0)) right center / 48px 100% no-repeat local',
    'radial-gradient(farthest-side at 100% 50%, rgba(0, 0, 0, 0.22), rgba(0, 0, 0, 0)) right center / 16px 100% no-repeat scroll',
  ].join(', '),
} as const;

/**
 * The box of a result table: a table wider than the page scrolls sideways inside it, never the page. Such a box
 * shows that it scrolls (the edge shadow) and takes the keyboard focus, so that the arrow keys scroll it: its
 * cells hold nothing focusable that would.
 */
export function SideScrollBox({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const overflows = useOverflowsX(ref);
  return (
    <TableContainer
      ref={ref}
      {...(overflows ? { tabIndex: 0, role: 'region', 'aria-label': `${label} (scrolls sideways)` } : {})}
      sx={{
        maxWidth: '100%',
        ...(overflows ? rightEdgeShadow : {}),
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      {children}
    </TableContainer>
  );
}

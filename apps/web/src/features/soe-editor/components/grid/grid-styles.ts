import type { CSSProperties } from 'react';
import { COLUMN_WIDTH, NAME_WIDTH, ROW_HEIGHT } from './grid-layout';

/*
 * Plain style objects for the grid's many cells: created once, no per-render style work (sx would serialise a style
 * per cell on every render), so a tick stays cheap at 200 visits x 300 assessments.
 */
const DIVIDER = 'rgba(0, 0, 0, 0.12)';
const HEADER_BG = '#f5f5f5';

export const gridStyles = {
  row: { display: 'flex', height: ROW_HEIGHT, borderBottom: `1px solid ${DIVIDER}` },
  headerRow: {
    display: 'flex',
    position: 'sticky',
    top: 0,
    zIndex: 2,
    background: HEADER_BG,
    height: ROW_HEIGHT + 8,
    borderBottom: `2px solid ${DIVIDER}`,
  },
  totals: {
    position: 'sticky',
    bottom: 0,
    zIndex: 2,
    background: HEADER_BG,
    borderTop: `2px solid ${DIVIDER}`,
  },
  totalsRow: { display: 'flex', height: ROW_HEIGHT - 8, fontSize: 13 },
  name: {
    width: NAME_WIDTH,
    flex: 'none',
    position: 'sticky',
    left: 0,
    zIndex: 1,
    background: '#fff',
    padding: '0 8px',
    display: 'flex',
    alignItems: 'center',
    overflow: 'hidden',
    whiteSpace: 'nowrap',
    textOverflow: 'ellipsis',
    borderRight: `1px solid ${DIVIDER}`,
    fontSize: 14,
  },
  headerName: {
    width: NAME_WIDTH,
    flex: 'none',
    position: 'sticky',
    left: 0,
    background: HEADER_BG,
    padding: '0 8px',
    fontWeight: 600,
    display: 'flex',
    alignItems: 'center',
  },
  visitHeader: {
    width: COLUMN_WIDTH,
    flex: 'none',
    padding: '0 4px',
    fontSize: 13,
    fontWeight: 600,
    overflow: 'hidden',
    lineHeight: 1.2,
    display: 'flex',
    flexDirection: 'column',
    justifyContent: 'center',
  },
  cell: {
    width: COLUMN_WIDTH,
    flex: 'none',
    display: 'flex',
    alignItems: 'center',
    gap: 4,
    padding: '0 4px',
    borderRight: `1px solid ${DIVIDER}`,
  },
  totalCell: {
    width: COLUMN_WIDTH,
    flex: 'none',
    padding: '0 4px',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'flex-end',
  },
  multiplier: { width: 40, font: 'inherit', fontSize: 13 },
  select: { font: 'inherit', fontSize: 12 },
} satisfies Record<string, CSSProperties>;

/** The left spacer standing in for the columns scrolled out of view. */
export const spacer = (width: number): CSSProperties => ({ width, flex: 'none' });

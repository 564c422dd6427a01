import type { SoeIntervalType } from '@predict/shared';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { isGridAssessmentType } from '@predict/shared';
import { useMemo, type Dispatch } from 'react';
import type { EditorAction } from '../../state/editor-reducer';
import type { EditorAssessment, EditorVisit, GridCells } from '../../state/editor-state';
import { gridTotals } from '../../state/grid-totals';
import { COLUMN_WIDTH, NAME_WIDTH, ROW_HEIGHT, useGridWindow } from './grid-layout';
import { gridStyles, spacer } from './grid-styles';
import { GridRow } from './grid-row';
import { GridTotalsRows, TOTALS_ROWS } from './grid-totals-rows';

export interface SoeGridProps {
  visits: readonly EditorVisit[];
  assessments: readonly EditorAssessment[];
  cells: GridCells;
  currency: string;
  intervalType: SoeIntervalType;
  readOnly: boolean;
  showUniqueNonUnique: boolean;
  dispatch: Dispatch<EditorAction>;
}

/**
 * The Schedule of Events grid (study tab): Procedure and Non Procedure assessments x visits, and the six totals rows
 * computed live by the engine's cost function. Rows and columns are windowed.
 */
export function SoeGrid({
  visits,
  assessments,
  cells,
  currency,
  intervalType,
  readOnly,
  showUniqueNonUnique,
  dispatch,
}: SoeGridProps) {
  const rows = useMemo(
    () => assessments.filter((a) => a.assessmentType !== null && isGridAssessmentType(a.assessmentType)),
    [assessments],
  );
  const win = useGridWindow(rows.length, visits.length);
  const shownVisits = useMemo(
    () => visits.slice(win.colStart, win.colEnd),
    [visits, win.colStart, win.colEnd],
  );
  // A visit's totals depend on its own column only: a tick recomputes the columns in view (about 20 of 200), not
  // the whole 60,000-cell grid, which kept a tick over the 50 ms input-to-paint target.
  const totals = useMemo(
    () => gridTotals(shownVisits, assessments, cells, currency, intervalType),
    [shownVisits, assessments, cells, currency, intervalType],
  );
  if (visits.length === 0 || rows.length === 0)
    return (
      <Typography color="text.secondary">
        Add visits and Procedure or Non Procedure assessments to fill the Schedule of Events.
      </Typography>
    );
  const width = NAME_WIDTH + visits.length * COLUMN_WIDTH;
  return (
    <Box
      ref={win.ref}
      onScroll={win.onScroll}
      role="table"
      aria-label="Schedule of Events"
      aria-rowcount={rows.length + 1 + TOTALS_ROWS.length}
      aria-colcount={visits.length + 1}
      sx={{ maxHeight: '70vh', overflow: 'auto', position: 'relative', border: 1, borderColor: 'divider' }}
    >
      <div style={{ width, minWidth: '100%' }}>
        <div role="row" aria-rowindex={1} style={gridStyles.headerRow}>
          <div role="columnheader" style={gridStyles.headerName}>
            Assessment
          </div>
          <div style={spacer(win.colStart * COLUMN_WIDTH)} />
          {shownVisits.map((v, i) => (
            <div key={v.visitKey} role="columnheader" title={v.visitName} style={gridStyles.visitHeader}>
              <span>{v.visitName.trim() || `Visit ${win.colStart + i + 1}`}</span>
              {v.visitStudyDay !== null && (
                <span style={{ fontWeight: 400 }}>
                  {intervalType} {v.visitStudyDay}
                </span>
              )}
            </div>
          ))}
        </div>
        <div style={{ height: win.rowStart * ROW_HEIGHT }} />
        {rows.slice(win.rowStart, win.rowEnd).map((a, i) => (
          <GridRow
            key={a.assessmentKey}
            assessment={a}
            rowIndex={win.rowStart + i}
            cells={cells[a.assessmentKey]}
            visits={shownVisits}
            colStart={win.colStart}
            readOnly={readOnly}
            showUniqueNonUnique={showUniqueNonUnique}
            dispatch={dispatch}
          />
        ))}
        <div style={{ height: (rows.length - win.rowEnd) * ROW_HEIGHT }} />
        <GridTotalsRows
          totals={totals}
          visits={shownVisits}
          colStart={win.colStart}
          currency={currency}
          firstRowIndex={rows.length + 2}
        />
      </div>
    </Box>
  );
}

import { memo, type Dispatch } from 'react';
import type { EditorAction } from '../../state/editor-reducer';
import type { EditorAssessment, EditorVisit, GridCell as Cell } from '../../state/editor-state';
import { GridCell } from './grid-cell';
import { COLUMN_WIDTH } from './grid-layout';
import { gridStyles, spacer } from './grid-styles';

export interface GridRowProps {
  assessment: EditorAssessment;
  rowIndex: number;
  /** The row's ticked cells by visit key. */
  cells: Readonly<Record<string, Cell>> | undefined;
  /** The visits in view and the index of the first. */
  visits: readonly EditorVisit[];
  colStart: number;
  readOnly: boolean;
  showUniqueNonUnique: boolean;
  dispatch: Dispatch<EditorAction>;
}

/** An assessment row of the grid; memoised so a tick re-renders only its own row. */
export const GridRow = memo(function GridRow({
  assessment,
  rowIndex,
  cells,
  visits,
  colStart,
  readOnly,
  showUniqueNonUnique,
  dispatch,
}: GridRowProps) {
  const name = assessment.assessmentName.trim() || `assessment ${rowIndex + 1}`;
  return (
    <div role="row" aria-rowindex={rowIndex + 2} style={gridStyles.row}>
      <div role="rowheader" title={name} style={gridStyles.name}>
        {name}
      </div>
      <div style={spacer(colStart * COLUMN_WIDTH)} />
      {visits.map((v, i) => (
        <GridCell
          key={v.visitKey}
          assessmentKey={assessment.assessmentKey}
          visitKey={v.visitKey}
          label={`${name} at ${v.visitName.trim() || `visit ${colStart + i + 1}`}`}
          cell={cells?.[v.visitKey]}
          readOnly={readOnly}
          showUniqueNonUnique={showUniqueNonUnique}
          dispatch={dispatch}
        />
      ))}
    </div>
  );
});

import type { SoeIntervalType } from '@predict/shared';
import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import type { SoeCommentType } from '@predict/shared';
import { useCallback, useRef, useState, type Dispatch } from 'react';
import type { EditorAction } from '../../state/editor-reducer';
import type { EditorVisit } from '../../state/editor-state';
import { EditorTable, RowsFooter } from '../fields/editor-table';
import { DeleteHeaderCell, stickyNameHeadSx } from '../fields/row-cells';
import { VisitDeleteDialog } from '../sections';
import { ApplyToAllButton } from './apply-to-all';
import { useBatches } from './use-batches';
import { VIEW_NUMBER_COLUMNS } from './visit-columns';
import { VisitRow } from './visit-row';

export interface VisitsTableProps {
  visits: readonly EditorVisit[];
  intervalType: SoeIntervalType;
  commentType: SoeCommentType;
  /** The study's currency (the Cost view's visit cost). */
  currency: string;
  readOnly: boolean;
  rowErrors: Map<string, Record<string, string>>;
  dispatch: Dispatch<EditorAction>;
}

/** The study tab's Visits table: Add Row, reorder (drag or move buttons), delete with confirmation, batches of 50. */
export function VisitsTable({
  visits,
  intervalType,
  commentType,
  currency,
  readOnly,
  rowErrors,
  dispatch,
}: VisitsTableProps) {
  const batches = useBatches(visits.length);
  const [pending, setPending] = useState<{ key: string; name: string } | null>(null);
  const dragFrom = useRef<number | null>(null);
  const onDelete = useCallback((key: string, name: string) => setPending({ key, name }), []);
  const onDragStart = useCallback((index: number) => (dragFrom.current = index), []);
  const onDrop = useCallback(
    (index: number) => {
      if (dragFrom.current !== null) dispatch({ type: 'moveVisit', from: dragFrom.current, to: index });
      dragFrom.current = null;
    },
    [dispatch],
  );
  const shown = visits.slice(0, batches.limit);
  return (
    <Box>
      <EditorTable
        label="Visits"
        head={
          <>
            <TableCell>Order</TableCell>
            <TableCell>Category</TableCell>
            <TableCell sx={stickyNameHeadSx}>Visit Name</TableCell>
            <TableCell>Study {intervalType}</TableCell>
            <TableCell>Variance Type</TableCell>
            <TableCell>Variance</TableCell>
            <TableCell>
              Visit Overhead %
              <ApplyToAllButton
                disabled={readOnly}
                hasValue={visits.some((v) => v.visitOverheadPct !== null)}
                onApply={() => dispatch({ type: 'applyOverheadToAll' })}
              />
            </TableCell>
            {commentType === 'MEDICAL' && <TableCell>Sampled Visit</TableCell>}
            {VIEW_NUMBER_COLUMNS[commentType].map((c) => (
              <TableCell key={c.field}>{c.header}</TableCell>
            ))}
            <TableCell>Comments</TableCell>
            <DeleteHeaderCell />
          </>
        }
      >
        {shown.map((v, i) => (
          <VisitRow
            key={v.visitKey}
            visit={v}
            index={i}
            count={visits.length}
            commentType={commentType}
            currency={currency}
            readOnly={readOnly}
            errors={rowErrors.get(v.visitKey)}
            dispatch={dispatch}
            onDelete={onDelete}
            onDragStart={onDragStart}
            onDrop={onDrop}
          />
        ))}
      </EditorTable>
      <RowsFooter
        readOnly={readOnly}
        noun="visits"
        count={visits.length}
        batches={batches}
        onAdd={() => dispatch({ type: 'addVisit' })}
      />
      <VisitDeleteDialog
        open={pending !== null}
        visitName={pending?.name}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (pending) dispatch({ type: 'deleteVisit', key: pending.key });
          setPending(null);
        }}
      />
    </Box>
  );
}

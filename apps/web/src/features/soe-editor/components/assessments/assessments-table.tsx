import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import type { SoeCommentType } from '@predict/shared';
import { useCallback, type Dispatch } from 'react';
import { useConfirm } from '@/components/warning-dialog';
import type { EditorAction } from '../../state/editor-reducer';
import type { EditorAssessment } from '../../state/editor-state';
import { EditorTable, RowsFooter } from '../fields/editor-table';
import { DeleteHeaderCell, stickyNameHeadSx } from '../fields/row-cells';
import { useBatches } from '../visits/use-batches';
import { AssessmentRow } from './assessment-row';

export interface AssessmentsTableProps {
  assessments: readonly EditorAssessment[];
  invalidMappings: ReadonlySet<string>;
  currency: string;
  commentType: SoeCommentType;
  readOnly: boolean;
  rowErrors: Map<string, Record<string, string>>;
  dispatch: Dispatch<EditorAction>;
}

/** The question before an assessment row is removed. */
export const assessmentDeleteMessage = (name: string) =>
  `Are you sure you want to delete ${name.trim() ? `the assessment '${name.trim()}'` : 'this assessment'}?`;

/** The study tab's Assessments table: Add Row, delete with confirmation, batches of 50. */
export function AssessmentsTable({
  assessments,
  invalidMappings,
  currency,
  commentType,
  readOnly,
  rowErrors,
  dispatch,
}: AssessmentsTableProps) {
  const batches = useBatches(assessments.length);
  const confirm = useConfirm();
  const onDelete = useCallback(
    (key: string, name: string) =>
      void confirm(assessmentDeleteMessage(name)).then(
        (ok) => ok && dispatch({ type: 'deleteAssessment', key }),
      ),
    [confirm, dispatch],
  );
  return (
    <Box>
      <EditorTable
        label="Assessments"
        head={
          <>
            <TableCell>Assessment Type</TableCell>
            <TableCell sx={stickyNameHeadSx}>Assessment Name</TableCell>
            <TableCell>Assessment Name Mapping</TableCell>
            <TableCell>Cost</TableCell>
            <TableCell>Overhead</TableCell>
            <TableCell>Exclude</TableCell>
            <TableCell>IP Administered</TableCell>
            <TableCell sx={{ width: '30%' }}>Comments</TableCell>
            <DeleteHeaderCell />
          </>
        }
      >
        {assessments.slice(0, batches.limit).map((a, i) => (
          <AssessmentRow
            key={a.assessmentKey}
            assessment={a}
            index={i}
            mappingValid={!invalidMappings.has(a.assessmentKey)}
            currency={currency}
            commentType={commentType}
            readOnly={readOnly}
            errors={rowErrors.get(a.assessmentKey)}
            dispatch={dispatch}
            onDelete={onDelete}
          />
        ))}
      </EditorTable>
      <RowsFooter
        readOnly={readOnly}
        noun="assessments"
        count={assessments.length}
        batches={batches}
        onAdd={() => dispatch({ type: 'addAssessment' })}
      />
    </Box>
  );
}

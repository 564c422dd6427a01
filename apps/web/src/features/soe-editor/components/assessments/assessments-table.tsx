import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { SoeCommentType } from '@predict/shared';
import { useCallback, type Dispatch } from 'react';
import { useConfirm } from '@/components/warning-dialog';
import type { EditorAction } from '../../state/editor-reducer';
import type { EditorAssessment } from '../../state/editor-state';
import { visuallyHidden } from '../fields/visually-hidden';
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
      <TableContainer sx={{ maxHeight: '70vh' }}>
        <Table size="small" stickyHeader aria-label="Assessments">
          <TableHead>
            <TableRow>
              <TableCell>Assessment Type</TableCell>
              <TableCell>Assessment Name</TableCell>
              <TableCell>Assessment Name Mapping</TableCell>
              <TableCell>Cost</TableCell>
              <TableCell>Overhead</TableCell>
              <TableCell>Exclude</TableCell>
              <TableCell>IP Administered</TableCell>
              <TableCell sx={{ width: '30%' }}>Comments</TableCell>
              <TableCell>
                <Box component="span" sx={visuallyHidden}>
                  Delete
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
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
          </TableBody>
        </Table>
      </TableContainer>
      <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
        {!readOnly && (
          <Button
            startIcon={<AddIcon />}
            onClick={() => {
              dispatch({ type: 'addAssessment' });
              batches.reveal(assessments.length + 1);
            }}
          >
            Add Row
          </Button>
        )}
        {batches.hidden > 0 && (
          <Button onClick={batches.showMore}>Show more assessments ({batches.hidden} not shown)</Button>
        )}
      </Box>
    </Box>
  );
}

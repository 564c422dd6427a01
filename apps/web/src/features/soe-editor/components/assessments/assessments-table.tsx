import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import { SOE_COMMENT_TYPES, type SoeCommentType } from '@predict/shared';
import { useCallback, useState, type Dispatch } from 'react';
import { useConfirm } from '@/components/warning-dialog';
import type { EditorAction } from '../../state/editor-reducer';
import type { EditorAssessment } from '../../state/editor-state';
import { EditorTable, RowsFooter } from '../fields/editor-table';
import { DeleteHeaderCell, stickyNameHeadSx } from '../fields/row-cells';
import { SelectCell } from '../fields/select-cell';
import { useBatches } from '../visits/use-batches';
import { ASSESSMENT_COMMENT_LABELS } from '../visits/visit-columns';
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

const COMMENT_CODES = SOE_COMMENT_TYPES.map((t) => t.code);
const commentCode = (value: string | null) => COMMENT_CODES.find((code) => code === value);

/**
 * Which comments the Assessments table shows: the field-type switch's, until the table's own comment type selector
 * (spec/2 section 2) picks another; a later switch of the field type applies again.
 */
function useCommentType(fieldType: SoeCommentType) {
  const [chosen, setChosen] = useState<{ fieldType: SoeCommentType; type: SoeCommentType } | null>(null);
  const type = chosen && chosen.fieldType === fieldType ? chosen.type : fieldType;
  return [type, (t: SoeCommentType) => setChosen({ fieldType, type: t })] as const;
}

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
  const [shownComments, setShownComments] = useCommentType(commentType);
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
            <TableCell sx={{ width: '30%' }}>
              Comments{' '}
              <SelectCell
                label="Comment type"
                value={shownComments}
                options={COMMENT_CODES}
                allowEmpty={false}
                optionLabel={(c) => ASSESSMENT_COMMENT_LABELS[commentCode(c) ?? 'VISIT']}
                onChange={(c) => {
                  const code = commentCode(c);
                  if (code) setShownComments(code);
                }}
              />
            </TableCell>
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
            commentType={shownComments}
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

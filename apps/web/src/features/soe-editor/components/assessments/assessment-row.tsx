import Checkbox from '@mui/material/Checkbox';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import {
  ASSESSMENT_TYPES,
  SOE_LIMITS,
  isGridAssessmentType,
  withoutSiteCostFlags,
  type SoeCommentType,
} from '@predict/shared';
import { memo, useCallback, type Dispatch } from 'react';
import type { EditorAction } from '../../state/editor-reducer';
import type { EditorAssessment } from '../../state/editor-state';
import { formatMoney } from '../fields/format-money';
import { NumberField } from '../fields/number-field';
import { CommentCell, DeleteRowCell, stickyNameSx } from '../fields/row-cells';
import { SelectCell } from '../fields/select-cell';
import { TextFieldCell } from '../fields/text-field-cell';
import { ASSESSMENT_COMMENT_FIELD } from '../visits/visit-columns';
import { AssessmentNameField } from './assessment-name-field';

export interface AssessmentRowProps {
  assessment: EditorAssessment;
  index: number;
  mappingValid: boolean;
  currency: string;
  commentType: SoeCommentType;
  readOnly: boolean;
  errors: Record<string, string> | undefined;
  dispatch: Dispatch<EditorAction>;
  onDelete: (key: string, name: string) => void;
}

const FLAGS = [
  { field: 'overhead', header: 'Overhead' },
  { field: 'exclude', header: 'Exclude' },
  { field: 'ipAdministered', header: 'IP Administered' },
] as const;

/** One assessment of the study tab's Assessments table (spec/2 section 5, Assessments). */
export const AssessmentRow = memo(function AssessmentRow({
  assessment: a,
  index,
  mappingValid,
  currency,
  commentType,
  readOnly,
  errors,
  dispatch,
  onDelete,
}: AssessmentRowProps) {
  const key = a.assessmentKey;
  const name = a.assessmentName.trim() || `assessment ${index + 1}`;
  const set = (patch: Partial<EditorAssessment>) => dispatch({ type: 'updateAssessment', key, patch });
  // Site-cost types are site fees: no overhead, exclude or IP flags (spec/2 section 5).
  const siteCost = a.assessmentType !== null && !isGridAssessmentType(a.assessmentType);
  const onMapping = useCallback(
    (mapping: string | null, fromList: boolean) => {
      dispatch({ type: 'updateAssessment', key, patch: { assessmentNameMapping: mapping } });
      dispatch({ type: 'setMappingValid', key, valid: fromList });
    },
    [dispatch, key],
  );
  const commentField = ASSESSMENT_COMMENT_FIELD[commentType];
  return (
    <TableRow hover>
      <TableCell>
        <SelectCell
          label={`Type of ${name}`}
          value={a.assessmentType}
          options={ASSESSMENT_TYPES}
          width={160}
          disabled={readOnly}
          error={errors?.assessmentType}
          onChange={(t) =>
            // A row that becomes a site fee loses its flags (the rule the server applies too).
            set(withoutSiteCostFlags({ ...a, assessmentType: t as EditorAssessment['assessmentType'] }))
          }
        />
      </TableCell>
      <TableCell sx={stickyNameSx}>
        <TextFieldCell
          label={`Assessment name ${index + 1}`}
          value={a.assessmentName}
          maxLength={SOE_LIMITS.assessmentNameMax}
          width={180}
          disabled={readOnly}
          error={errors?.assessmentName}
          onChange={(assessmentName) => set({ assessmentName })}
        />
      </TableCell>
      <TableCell>
        <AssessmentNameField
          label={`Name mapping of ${name}`}
          value={a.assessmentNameMapping}
          valid={mappingValid}
          disabled={readOnly}
          onChange={onMapping}
        />
      </TableCell>
      <TableCell>
        <NumberField
          label={`Cost of ${name}`}
          value={a.assessmentCost}
          decimals={2}
          max={SOE_LIMITS.costMax}
          width={110}
          disabled={readOnly}
          error={errors?.assessmentCost}
          format={(n) => formatMoney(n, currency)}
          onCommit={(assessmentCost) => set({ assessmentCost })}
        />
      </TableCell>
      <FlagCells assessment={a} name={name} disabled={readOnly || siteCost} set={set} />
      <CommentCell
        name={name}
        value={a[commentField]}
        readOnly={readOnly}
        error={errors?.[commentField]}
        onChange={(c) => set({ [commentField]: c })}
      />
      <DeleteRowCell name={name} readOnly={readOnly} onDelete={() => onDelete(key, a.assessmentName)} />
    </TableRow>
  );
});

/** The Overhead, Exclude and IP Administered boxes (none apply to a site fee). */
function FlagCells({
  assessment: a,
  name,
  disabled,
  set,
}: {
  assessment: EditorAssessment;
  name: string;
  disabled: boolean;
  set: (patch: Partial<EditorAssessment>) => void;
}) {
  return (
    <>
      {FLAGS.map(({ field, header }) => (
        <TableCell key={field} padding="checkbox">
          <Checkbox
            size="small"
            checked={a[field] === 1}
            disabled={disabled}
            slotProps={{ input: { 'aria-label': `${header} ${name}` } }}
            onChange={(e) => set({ [field]: e.target.checked ? 1 : 0 })}
          />
        </TableCell>
      ))}
    </>
  );
}

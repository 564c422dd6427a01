import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import {
  SOE_LIMITS,
  UNSCHEDULED_VISIT_CATEGORY,
  VISIT_CATEGORIES,
  VISIT_VARIANCE_TYPES,
  type SoeCommentType,
} from '@predict/shared';
import { memo, type Dispatch } from 'react';
import type { EditorAction } from '../../state/editor-reducer';
import type { EditorVisit } from '../../state/editor-state';
import { NumberField } from '../fields/number-field';
import { formatMoney } from '../fields/format-money';
import { CommentCell, DeleteRowCell, stickyNameSx } from '../fields/row-cells';
import { SelectCell } from '../fields/select-cell';
import { TextFieldCell } from '../fields/text-field-cell';
import { VIEW_NUMBER_COLUMNS, VISIT_COMMENT_FIELD } from './visit-columns';

export interface VisitRowProps {
  visit: EditorVisit;
  index: number;
  count: number;
  commentType: SoeCommentType;
  /** The study's currency: the Cost view shows the visit cost in it (as the assessment cost). */
  currency: string;
  readOnly: boolean;
  /** Messages by field of this row. */
  errors: Record<string, string> | undefined;
  dispatch: Dispatch<EditorAction>;
  onDelete: (key: string, name: string) => void;
  onDragStart: (index: number) => void;
  onDrop: (index: number) => void;
}

/** One visit of the study tab's Visits table (spec/2 section 5, Visits). */
export const VisitRow = memo(function VisitRow({
  visit: v,
  index,
  count,
  commentType,
  currency,
  readOnly,
  errors,
  dispatch,
  onDelete,
  onDragStart,
  onDrop,
}: VisitRowProps) {
  const name = v.visitName.trim() || `visit ${index + 1}`;
  const set = (patch: Partial<EditorVisit>) => dispatch({ type: 'updateVisit', key: v.visitKey, patch });
  const commentField = VISIT_COMMENT_FIELD[commentType];
  const cells = { visit: v, name, readOnly, errors, set };
  return (
    <TableRow
      hover
      draggable={!readOnly}
      onDragStart={(e) => {
        e.dataTransfer.effectAllowed = 'move';
        onDragStart(index);
      }}
      onDragOver={(e) => !readOnly && e.preventDefault()}
      onDrop={(e) => {
        e.preventDefault();
        onDrop(index);
      }}
    >
      <MoveCell
        name={name}
        index={index}
        count={count}
        readOnly={readOnly}
        onMove={(to) => dispatch({ type: 'moveVisit', from: index, to })}
      />
      <ScheduleCells {...cells} index={index} />
      <ViewCells {...cells} commentType={commentType} currency={currency} />
      <CommentCell
        name={name}
        value={v[commentField]}
        readOnly={readOnly}
        error={errors?.[commentField]}
        onChange={(c) => set({ [commentField]: c })}
      />
      <DeleteRowCell name={name} readOnly={readOnly} onDelete={() => onDelete(v.visitKey, v.visitName)} />
    </TableRow>
  );
});

/** What the row's cells share: the visit, its name in labels, and how a cell changes it. */
interface CellsProps {
  visit: EditorVisit;
  name: string;
  readOnly: boolean;
  errors: Record<string, string> | undefined;
  set: (patch: Partial<EditorVisit>) => void;
}

/** The drag handle and the keyboard's way to reorder: Move up and Move down. */
function MoveCell({
  name,
  index,
  count,
  readOnly,
  onMove,
}: {
  name: string;
  index: number;
  count: number;
  readOnly: boolean;
  onMove: (to: number) => void;
}) {
  return (
    <TableCell padding="none" sx={{ whiteSpace: 'nowrap' }}>
      <DragIndicatorIcon
        fontSize="small"
        color={readOnly ? 'disabled' : 'action'}
        sx={{ cursor: readOnly ? undefined : 'grab', verticalAlign: 'middle' }}
      />
      <IconButton
        size="small"
        aria-label={`Move ${name} up`}
        disabled={readOnly || index === 0}
        onClick={() => onMove(index - 1)}
      >
        <ArrowUpwardIcon fontSize="inherit" />
      </IconButton>
      <IconButton
        size="small"
        aria-label={`Move ${name} down`}
        disabled={readOnly || index === count - 1}
        onClick={() => onMove(index + 1)}
      >
        <ArrowDownwardIcon fontSize="inherit" />
      </IconButton>
    </TableCell>
  );
}

/**
 * When the visit happens and what it adds: category (an unscheduled visit has no study day), name, study day,
 * variance and overhead.
 */
function ScheduleCells({ visit: v, name, index, readOnly, errors, set }: CellsProps & { index: number }) {
  const unscheduled = v.visitCategory === UNSCHEDULED_VISIT_CATEGORY;
  return (
    <>
      <TableCell>
        <SelectCell
          label={`Category of ${name}`}
          value={v.visitCategory}
          options={VISIT_CATEGORIES}
          disabled={readOnly}
          error={errors?.visitCategory}
          onChange={(c) =>
            set(
              c === UNSCHEDULED_VISIT_CATEGORY
                ? { visitCategory: c, visitStudyDay: null }
                : { visitCategory: c as EditorVisit['visitCategory'] },
            )
          }
        />
      </TableCell>
      <TableCell sx={stickyNameSx}>
        <TextFieldCell
          label={`Visit name ${index + 1}`}
          value={v.visitName}
          maxLength={SOE_LIMITS.visitNameMax}
          disabled={readOnly}
          error={errors?.visitName}
          onChange={(visitName) => set({ visitName })}
        />
      </TableCell>
      <TableCell>
        <NumberField
          label={`Study ${v.visitIntervalType} of ${name}`}
          value={v.visitStudyDay}
          decimals={0}
          max={SOE_LIMITS.studyDayMax}
          width={70}
          disabled={readOnly || unscheduled}
          error={errors?.visitStudyDay}
          onCommit={(visitStudyDay) => set({ visitStudyDay })}
        />
      </TableCell>
      <TableCell>
        <SelectCell
          label={`Variance type of ${name}`}
          value={v.visitVarianceType}
          options={VISIT_VARIANCE_TYPES}
          allowEmpty={false}
          width={80}
          disabled={readOnly}
          onChange={(t) => set({ visitVarianceType: (t ?? 'none') as EditorVisit['visitVarianceType'] })}
        />
      </TableCell>
      <TableCell>
        <NumberField
          label={`Variance of ${name}`}
          value={v.visitVariance}
          decimals={0}
          max={SOE_LIMITS.visitVarianceMax}
          width={70}
          disabled={readOnly || v.visitVarianceType === 'none'}
          error={errors?.visitVariance}
          onCommit={(visitVariance) => set({ visitVariance })}
        />
      </TableCell>
      <TableCell>
        <NumberField
          label={`Overhead % of ${name}`}
          value={v.visitOverheadPct}
          decimals={2}
          max={SOE_LIMITS.overheadPctMax}
          width={70}
          disabled={readOnly}
          error={errors?.visitOverheadPct}
          onCommit={(visitOverheadPct) => set({ visitOverheadPct })}
        />
      </TableCell>
    </>
  );
}

/** The comment view's own columns: the Medical view's Sampled box, then the view's numbers (cost, CRFs, minutes). */
function ViewCells({
  visit: v,
  name,
  readOnly,
  errors,
  set,
  commentType,
  currency,
}: CellsProps & { commentType: SoeCommentType; currency: string }) {
  return (
    <>
      {commentType === 'MEDICAL' && (
        <TableCell padding="checkbox">
          <Checkbox
            size="small"
            checked={v.miSampleVisit === 1}
            disabled={readOnly}
            slotProps={{ input: { 'aria-label': `Sampled visit ${name}` } }}
            onChange={(e) => set({ miSampleVisit: e.target.checked ? 1 : 0 })}
          />
        </TableCell>
      )}
      {VIEW_NUMBER_COLUMNS[commentType].map(({ field, header }) => (
        <TableCell key={field}>
          <NumberField
            label={`${header} of ${name}`}
            value={v[field] as number | null}
            decimals={2}
            max={field === 'visitCost' ? SOE_LIMITS.costMax : SOE_LIMITS.crfMax}
            // Counts and minutes (6 digits, 2 decimals) are short: narrow inputs let a view's columns fit.
            width={field === 'visitCost' ? 110 : 72}
            disabled={readOnly}
            error={errors?.[field]}
            format={field === 'visitCost' ? (n) => formatMoney(n, currency) : undefined}
            onCommit={(n) => set({ [field]: n })}
          />
        </TableCell>
      ))}
    </>
  );
}

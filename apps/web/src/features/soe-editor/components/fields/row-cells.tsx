import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import { SOE_LIMITS } from '@predict/shared';
import { TextFieldCell } from './text-field-cell';
import { visuallyHidden } from './visually-hidden';

export interface CommentCellProps {
  /** The row's name, for the field's label. */
  name: string;
  value: string | null;
  readOnly: boolean;
  error?: string;
  /** An emptied comment is stored as null. */
  onChange: (comment: string | null) => void;
}

/** The comments cell of a visit or assessment row (the comment variant the field-type switch chose). */
export function CommentCell({ name, value, readOnly, error, onChange }: CommentCellProps) {
  return (
    <TableCell>
      <TextFieldCell
        label={`Comments of ${name}`}
        value={value}
        maxLength={SOE_LIMITS.commentsMax}
        width={200}
        disabled={readOnly}
        error={error}
        onChange={(c) => onChange(c || null)}
      />
    </TableCell>
  );
}

/**
 * The delete column stays at the right edge while a wide table scrolls sideways (at 1280 px the comments and the
 * view's number columns push it out of sight otherwise).
 */
const stickyRight = { position: 'sticky', right: 0, bgcolor: 'background.paper' } as const;

/** The last cell of an editable row: its delete button (none for read-only users). */
export function DeleteRowCell({
  name,
  readOnly,
  onDelete,
}: {
  name: string;
  readOnly: boolean;
  onDelete: () => void;
}) {
  return (
    <TableCell padding="none" sx={{ ...stickyRight, zIndex: 1 }}>
      {!readOnly && (
        <IconButton size="small" aria-label={`Delete ${name}`} onClick={onDelete}>
          <DeleteIcon fontSize="small" />
        </IconButton>
      )}
    </TableCell>
  );
}

/** The header of the delete column: named for screen readers only. */
export function DeleteHeaderCell() {
  return (
    // The sticky header's own background; above the body's sticky cells.
    <TableCell sx={{ position: 'sticky', right: 0, zIndex: 3 }}>
      <Box component="span" sx={visuallyHidden}>
        Delete
      </Box>
    </TableCell>
  );
}

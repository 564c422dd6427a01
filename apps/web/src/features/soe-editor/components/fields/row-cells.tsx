import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import type { Theme } from '@mui/material/styles';
import TableCell from '@mui/material/TableCell';
import { SOE_LIMITS } from '@predict/shared';
import { TextFieldCell } from './text-field-cell';
import { visuallyHidden } from '@/lib/visually-hidden';

export interface CommentCellProps {
  /** The row's name, for the field's label. */
  name: string;
  value: string | null;
  readOnly: boolean;
  error?: string;
  /** An emptied comment is stored as null. */
  onChange: (comment: string | null) => void;
}

/**
 * The comments cell of a visit or assessment row (the comment variant the field-type switch chose): it takes the
 * room the other columns leave, at least 160 px, so that it is never the column cut off at 1280 px.
 */
export function CommentCell({ name, value, readOnly, error, onChange }: CommentCellProps) {
  return (
    <TableCell>
      <TextFieldCell
        label={`Comments of ${name}`}
        value={value}
        maxLength={SOE_LIMITS.commentsMax}
        width="100%"
        minWidth={160}
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
const stickyRight = {
  position: 'sticky',
  right: 0,
  bgcolor: 'background.paper',
  // A rule on its left edge: columns scrolled under it read as going on, not as cut.
  boxShadow: (theme: Theme) => `inset 1px 0 0 ${theme.palette.divider}`,
} as const;

/**
 * The row's name column (visit or assessment name) sticks at the box's left edge once the columns before it have
 * scrolled away, so a view wider than its box still says which row each value belongs to.
 */
export const stickyNameSx = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  boxShadow: (theme: Theme) => `inset -1px 0 0 ${theme.palette.divider}`,
} as const;
/** The same for the name column's header cell: above the sticky body cells, on the header's own background. */
export const stickyNameHeadSx = { ...stickyNameSx, bgcolor: undefined, zIndex: 3 } as const;

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
    <TableCell sx={{ ...stickyRight, bgcolor: undefined, zIndex: 3 }}>
      <Box component="span" sx={visuallyHidden}>
        Delete
      </Box>
    </TableCell>
  );
}

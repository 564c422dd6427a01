import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import type { useBatches } from '../visits/use-batches';

export interface EditorTableProps {
  /** The table's accessible name (Visits, Assessments). */
  label: string;
  /** The header row's cells. */
  head: ReactNode;
  children: ReactNode;
}

/**
 * Compact cells, so that at 1280 px the Visits and Assessments tables of the Visit view fit their box; headers
 * wrap between words (never inside one) and sit on the bottom line, over their inputs.
 */
const tableSx = {
  '& .MuiTableCell-root': { px: 1 },
  '& .MuiTableCell-head': {
    verticalAlign: 'bottom',
    lineHeight: 1.3,
    overflowWrap: 'normal',
    hyphens: 'none',
  },
} as const;

/**
 * A table of the editor's tabs: it scrolls within 70% of the window and keeps its header in sight; a view wider
 * than its box (the extra columns of the field-type views) scrolls sideways inside the box, never the page.
 */
export function EditorTable({ label, head, children }: EditorTableProps) {
  return (
    <TableContainer sx={{ maxHeight: '70vh', overflowX: 'auto' }}>
      <Table size="small" stickyHeader aria-label={label} sx={tableSx}>
        <TableHead>
          <TableRow>{head}</TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </TableContainer>
  );
}

export interface RowsFooterProps {
  readOnly: boolean;
  /** The table's rows before the add. */
  count: number;
  /** Adds a blank row at the end. */
  onAdd: () => void;
  /** The table's lazy display (batches of 50). */
  batches: ReturnType<typeof useBatches>;
  /** 'visits' or 'assessments', for the Show more button. */
  noun: string;
}

/** Below a study-tab table: Add Row (not for read-only users; the new row is shown) and Show more. */
export function RowsFooter({ readOnly, count, onAdd, batches, noun }: RowsFooterProps) {
  return (
    <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
      {!readOnly && (
        <Button
          startIcon={<AddIcon />}
          onClick={() => {
            onAdd();
            batches.reveal(count + 1);
          }}
        >
          Add Row
        </Button>
      )}
      {batches.hidden > 0 && (
        <Button onClick={batches.showMore}>
          Show more {noun} ({batches.hidden} not shown)
        </Button>
      )}
    </Box>
  );
}

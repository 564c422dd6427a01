import EditIcon from '@mui/icons-material/Edit';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { SAMPLING_TABLES, type SamplingTableDefinition, type SoeSamplingRow } from '@predict/shared';
import { SamplingNotesField } from './sampling-notes-field';
import { SoeSection } from './soe-section';

export interface SamplingStrategyTablesProps {
  rows: SoeSamplingRow[];
  /** A row's notes, SOE_LIMITS.debounceMs after the last keystroke (at once on leaving the field); '' is null. */
  onNotesChange: (tableSort: number, rowSort: number, notes: string | null) => void;
  /** The edit icon of a row with an editField (not shown when read-only or without this callback). */
  onEditField?: (editField: string) => void;
  readOnly?: boolean;
  /** Open state per tableSort (controlled when given; otherwise every table starts closed). */
  open?: Record<number, boolean>;
  onOpenChange?: (tableSort: number, open: boolean) => void;
}

const CELL_KEYS = ['cellValue1', 'cellValue2', 'cellValue3', 'cellValue4'] as const;

/** How many value columns a table needs: up to its last value that any row fills (at least one). */
function valueColumns(rows: SoeSamplingRow[]) {
  let count = 1;
  for (const row of rows)
    CELL_KEYS.forEach((key, i) => {
      if (row[key] !== null && row[key] !== '') count = Math.max(count, i + 1);
    });
  return count;
}

interface SamplingTableProps extends Omit<SamplingStrategyTablesProps, 'rows' | 'open' | 'onOpenChange'> {
  table: SamplingTableDefinition;
  rows: SoeSamplingRow[];
}

function SamplingTable({ table, rows, onNotesChange, onEditField, readOnly }: SamplingTableProps) {
  const columns = valueColumns(rows);
  return (
    <TableContainer>
      <Table size="small" aria-label={table.title}>
        <TableHead>
          <TableRow>
            <TableCell>Item</TableCell>
            {CELL_KEYS.slice(0, columns).map((key, i) => (
              <TableCell key={key}>{columns === 1 ? 'Value' : `Value ${i + 1}`}</TableCell>
            ))}
            <TableCell sx={{ width: '35%' }}>Notes</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.rowSort}>
              <TableCell component="th" scope="row">
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <span>{row.rowLabel}</span>
                  {row.editField && onEditField && !readOnly && (
                    <IconButton
                      size="small"
                      aria-label={`Edit ${row.rowLabel}`}
                      onClick={() => onEditField(row.editField!)}
                    >
                      <EditIcon fontSize="small" />
                    </IconButton>
                  )}
                </Stack>
              </TableCell>
              {CELL_KEYS.slice(0, columns).map((key) => (
                <TableCell key={key}>{row[key] ?? ''}</TableCell>
              ))}
              <TableCell>
                <SamplingNotesField
                  value={row.notes}
                  label={`Notes: ${row.rowLabel}`}
                  readOnly={readOnly ?? false}
                  onCommit={(notes) => onNotesChange(row.tableSort, row.rowSort, notes)}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * The visit sampling strategy tables (spec/2 sections 2, 9): Variables, Study Specs, CRA Time - SDR/SDV Time, IMV
 * Budgeting, CDA Subject Review Time, CDA Study Review Time and ePrice Info, each a collapsible section with the
 * server's values and editable notes. Section ids are 'sampling-<tableSort>'.
 */
export function SamplingStrategyTables({
  rows,
  open,
  onOpenChange,
  ...tableProps
}: SamplingStrategyTablesProps) {
  return (
    <>
      {SAMPLING_TABLES.map((table) => {
        const tableRows = rows
          .filter((r) => r.tableSort === table.tableSort)
          .sort((a, b) => a.rowSort - b.rowSort);
        return (
          <SoeSection
            key={table.tableSort}
            id={`sampling-${table.tableSort}`}
            title={table.title}
            open={open === undefined ? undefined : (open[table.tableSort] ?? false)}
            onOpenChange={(next) => onOpenChange?.(table.tableSort, next)}
          >
            <SamplingTable table={table} rows={tableRows} {...tableProps} />
          </SoeSection>
        );
      })}
    </>
  );
}

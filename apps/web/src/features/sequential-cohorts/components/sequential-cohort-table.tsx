import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { COHORTS_INVALID_MESSAGE, REQUIRED_MESSAGE } from '@predict/shared';
import { stickySx } from '@/components/data-table';
import { LoadErrorAlert } from '@/components/load-state';
import type { CohortEditor } from '../hooks/use-cohort-editor';
import { CohortTableRow } from './cohort-table-row';
import { visuallyHidden } from '@/lib/visually-hidden';

/** Column headers; the two extra phases carry the plan's own names. */
export function cohortColumns(names: { dtl: string; src: string }) {
  const dtl = names.dtl || 'DTL';
  const src = names.src || 'SRC';
  return [
    'Cohort Name',
    'Predecessor Cohort',
    'Predecessor Activity',
    'Patients',
    'Lag (days)',
    'Screening Duration (days)',
    'Enrolling Duration (days)',
    `${dtl} Duration (days)`,
    `${src} Duration (days)`,
    'Cohort Start',
    'Screening End',
    'Enrolling End',
    `${dtl} End`,
    `${src} End`,
  ];
}

/**
 * The sequential cohort table of Cohort (D) plans (spec/1 sections 2, 3, 5): editable on the countries step,
 * read-only on review. Dates are the chain the server computes (DD-Mon-YYYY).
 */
export function SequentialCohortTable({ editor }: { editor: CohortEditor }) {
  const { loadState, readOnly, rows, phaseNames, chain } = editor;
  if (loadState === 'idle') return null;
  if (loadState === 'error') {
    return <LoadErrorAlert message="The sequential cohorts could not be loaded." onRetry={editor.retry} />;
  }
  if (loadState === 'loading') return <LinearProgress aria-label="Loading sequential cohorts" />;
  const columns = cohortColumns(phaseNames);
  return (
    <Stack spacing={1.5}>
      {!readOnly && (
        <Stack direction="row" spacing={2}>
          {(['dtl', 'src'] as const).map((phase) => (
            <TextField
              key={phase}
              label={`${phase.toUpperCase()} column name`}
              value={phaseNames[phase]}
              onChange={(e) => editor.setPhaseName(phase, e.target.value)}
              error={phaseNames[phase].trim() === ''}
              helperText={phaseNames[phase].trim() === '' ? REQUIRED_MESSAGE : undefined}
              disabled={editor.saving}
              size="small"
              slotProps={{ htmlInput: { maxLength: 30 } }}
            />
          ))}
        </Stack>
      )}
      {/* position: the hidden 'Actions' header is absolutely placed; it must scroll with the table, not widen the page. */}
      <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto', position: 'relative' }}>
        <Table size="small" aria-label="Sequential cohorts" sx={{ '& td, & th': { whiteSpace: 'nowrap' } }}>
          <TableHead>
            <TableRow>
              {columns.map((c, i) => (
                <TableCell key={c} sx={stickySx(i === 0 ? 'left' : null, true)}>
                  {c}
                </TableCell>
              ))}
              {!readOnly && (
                <TableCell sx={stickySx('right', true)}>
                  <Box component="span" sx={visuallyHidden}>
                    Actions
                  </Box>
                </TableCell>
              )}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row, index) => (
              <CohortTableRow key={row.key} editor={editor} row={row} index={index} />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {editor.blocking && (
        <Alert severity="error">
          {COHORTS_INVALID_MESSAGE}: correct the marked cells (or remove the row) to save or go on.
        </Alert>
      )}
      {chain.computing && <LinearProgress aria-label="Recomputing cohort dates" />}
      {chain.notice && <Alert severity="info">{chain.notice}</Alert>}
      {!readOnly && (
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
          <Button
            startIcon={<AddIcon />}
            onClick={editor.addRow}
            disabled={editor.saving || rows.length >= 50}
          >
            Add Cohort
          </Button>
          {rows.length <= 1 && (
            <Typography variant="body2" color="text.secondary">
              A plan keeps at least one cohort.
            </Typography>
          )}
        </Stack>
      )}
    </Stack>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { CompletedStudiesImportResponse, CompletedStudyImportResult } from '@predict/shared';
import { Fragment, useId } from 'react';
import { FileDropZone } from '@/components/file-drop-zone';
import { UploadErrorList } from '@/components/upload-error-list';
import { useCompletedStudiesImport } from '../hooks/use-completed-studies-import';

export const IMPORT_COMPLETED_STUDIES_LABEL = 'Import completed studies';
export const IMPORT_PROGRESS_TEXT = 'Importing… the server checks and loads each study.';
export const ZIP_ACCEPT = '.zip,application/zip,application/x-zip-compressed';
export const RESULTS_TABLE_LABEL = 'Import results';

function ResultRows({ result }: { result: CompletedStudyImportResult }) {
  const refused = result.status === 'refused';
  const reasons = refused && result.reasons.length > 0;
  return (
    <>
      <TableRow sx={reasons ? { '& > td': { borderBottom: 0 } } : undefined}>
        <TableCell>
          {/* On one line: beside a long study name '2019-ONC-0001' broke at its hyphen into two. */}
          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
            {result.projectId}
          </Box>
        </TableCell>
        {/* A name without spaces breaks anywhere rather than push the table wider than the dialog. */}
        <TableCell sx={{ overflowWrap: 'anywhere' }}>{result.studyName ?? '—'}</TableCell>
        <TableCell>
          <Chip
            size="small"
            label={refused ? 'Refused' : 'Loaded'}
            color={refused ? 'error' : 'success'}
            variant={refused ? 'filled' : 'outlined'}
          />
        </TableCell>
      </TableRow>
      {reasons && (
        <TableRow>
          <TableCell colSpan={3} sx={{ pt: 0 }}>
            <Box
              component="ul"
              aria-label={`Why ${result.projectId} was refused`}
              sx={{ m: 0, pl: 3, typography: 'body2', overflowWrap: 'anywhere' }}
            >
              {result.reasons.map((r, i) => (
                <li key={i}>
                  {r.path && (
                    <Box component="span" sx={{ fontFamily: 'monospace', mr: 1 }}>
                      {r.path}
                    </Box>
                  )}
                  {r.message}
                </li>
              ))}
            </Box>
          </TableCell>
        </TableRow>
      )}
    </>
  );
}

/** The answer: its message, then each study as Loaded or Refused, a refused study's reasons under it. */
function ImportResults({ answer }: { answer: CompletedStudiesImportResponse }) {
  const severity = answer.refused === 0 ? 'success' : answer.loaded === 0 ? 'error' : 'warning';
  return (
    <Stack spacing={1}>
      <Alert severity={severity} role="status">
        {answer.message}
      </Alert>
      <TableContainer sx={{ maxHeight: 360 }}>
        <Table size="small" stickyHeader aria-label={RESULTS_TABLE_LABEL}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>Project code</TableCell>
              <TableCell>Study name</TableCell>
              <TableCell>Result</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {answer.results.map((r, i) => (
              <Fragment key={i}>
                <ResultRows result={r} />
              </Fragment>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Stack>
  );
}

/**
 * Import completed studies (admins): a zip of manifest.csv and per study its plan spreadsheet and CTMS extract
 * (docs/api.md, "Completed studies"), checked here for its type and size, sent, then each study's result. It
 * cannot be closed while the server imports.
 */
export function ImportCompletedStudiesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId();
  const state = useCompletedStudiesImport();
  const close = () => {
    if (state.busy) return;
    state.reset();
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="md" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{IMPORT_COMPLETED_STUDIES_LABEL}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            Upload a .zip holding manifest.csv (one row per study: project code, study name, sponsor, the
            paths of its two files and the extract&apos;s as-of date) and, for each study, its plan
            spreadsheet (the EXPORT PLAN template) and its CTMS extract (.xlsx). Each study loads completely
            or not at all, and a refused study does not stop the others.
          </Typography>
          <FileDropZone
            what="the completed studies zip"
            fileName={state.file?.name ?? null}
            disabled={state.busy}
            onFile={state.selectFile}
            inputTestId="completed-studies-file-input"
            accept={ZIP_ACCEPT}
            extension=".zip"
            zoneName="Zip drop zone"
          />
          {state.refusal && (
            <Alert severity="error" role="alert">
              {state.refusal}
            </Alert>
          )}
          {state.busy && (
            <Stack spacing={0.5} role="status">
              <LinearProgress aria-label="Import progress" />
              <Typography variant="body2">{IMPORT_PROGRESS_TEXT}</Typography>
            </Stack>
          )}
          {state.failure && (
            <Alert severity="error" role="alert">
              <Typography variant="body2">{state.failure.message}</Typography>
              <UploadErrorList errors={state.failure.errors} />
            </Alert>
          )}
          {state.answer && <ImportResults answer={state.answer} />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={state.busy}>
          Close
        </Button>
        <Button
          variant="contained"
          onClick={state.start}
          disabled={!state.file || state.busy || state.answer !== null}
          loading={state.busy}
        >
          Import
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import type { SoeDetail } from '@predict/shared';
import { useId, useState } from 'react';
import { downloadFile } from '@/lib/download-file';
import { fetchSoeExportData } from '../api/soe-export-api';
import type { SoeExportVisitTotals } from '../export/soe-export-types';
import { SOE_EXPORT_SHEETS, buildSoeWorkbook, soeExportFileName } from '../export/soe-workbook';

export const EXPORT_SOE_MESSAGES = {
  idle: (name: string) =>
    `Export the tables of '${name}' (${SOE_EXPORT_SHEETS.join(', ')}) to a spreadsheet.`,
  exporting: 'Exporting the tables…',
  exported: (fileName: string) => `Exported to ${fileName}.`,
  failed: 'The tables could not be exported.', // ours
} as const;

type ExportState =
  { step: 'idle'; failed: boolean } | { step: 'exporting' } | { step: 'exported'; fileName: string };

export interface ExportSoeDialogProps {
  soe: SoeDetail;
  onClose: () => void;
  /** The grid's totals rows as the editor computes them; the SOE Table sheet adds them when given. */
  totals?: readonly SoeExportVisitTotals[];
}

/**
 * Export Tables (spec/2 sections 4 and 9): idle, exporting (the dialog cannot be closed), exported. The saved SOE is
 * read whole and written to the nine sheets in the browser with exceljs (loaded on the first export).
 */
export function ExportSoeDialog({ soe, onClose, totals }: ExportSoeDialogProps) {
  const titleId = useId();
  const [state, setState] = useState<ExportState>({ step: 'idle', failed: false });
  const busy = state.step === 'exporting';

  const run = async () => {
    setState({ step: 'exporting' });
    try {
      const data = await fetchSoeExportData(soe);
      const bytes = await buildSoeWorkbook({ ...data, totals });
      const fileName = soeExportFileName(soe);
      downloadFile(bytes, fileName);
      setState({ step: 'exported', fileName });
    } catch (error) {
      console.error('Exporting the SOE tables failed.', error);
      setState({ step: 'idle', failed: true });
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Export Tables</DialogTitle>
      <DialogContent>
        {state.step === 'idle' && state.failed && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {EXPORT_SOE_MESSAGES.failed}
          </Alert>
        )}
        <DialogContentText>
          {state.step === 'exporting'
            ? EXPORT_SOE_MESSAGES.exporting
            : state.step === 'exported'
              ? EXPORT_SOE_MESSAGES.exported(state.fileName)
              : EXPORT_SOE_MESSAGES.idle(soe.scheduleOfEventsName)}
        </DialogContentText>
        {busy && <LinearProgress aria-label="Exporting" sx={{ mt: 2 }} />}
      </DialogContent>
      <DialogActions>
        {state.step === 'exported' ? (
          <Button variant="contained" onClick={onClose} autoFocus>
            Close
          </Button>
        ) : (
          <>
            <Button onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button variant="contained" onClick={() => void run()} loading={busy} autoFocus>
              Export
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}

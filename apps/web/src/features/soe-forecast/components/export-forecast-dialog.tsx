import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import { SOE_FORECAST_MESSAGES as M, SOE_FORECAST_TABLES, type SoeForecastTable } from '@predict/shared';
import { useChecklistExport } from '@/components/use-checklist-export';
import { forecastTables, type ForecastData } from '../utils/forecast-columns';
import { forecastExportFileName } from '../utils/forecast-file-name';

/**
 * Export Tables of the forecast page (spec/2 sections 2 and 4): a checkbox per table, disabled when its data is
 * empty; Cancel and Export; the dialog cannot be closed while the export runs (idle, exporting, exported).
 */
export function ExportForecastDialog({
  data,
  soeName,
  studyId,
  onClose,
}: {
  data: ForecastData;
  soeName: string;
  studyId: number;
  onClose: () => void;
}) {
  const tables = forecastTables(data);
  const { selected, toggle, busy, run } = useChecklistExport<SoeForecastTable>({
    build: async (chosen) => (await import('../utils/forecast-workbook')).buildForecastWorkbook(data, chosen),
    fileName: () => forecastExportFileName(soeName, studyId),
    failedMessage: M.exportFailed,
    onClose,
  });

  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{M.exportTitle}</DialogTitle>
      <DialogContent>
        <FormGroup role="group" aria-label="Tables">
          {SOE_FORECAST_TABLES.map((name) => (
            <FormControlLabel
              key={name}
              label={name}
              control={
                <Checkbox
                  size="small"
                  checked={selected.has(name)}
                  onChange={() => toggle(name)}
                  disabled={busy || tables[name].rows.length === 0}
                />
              }
            />
          ))}
        </FormGroup>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void run()} disabled={selected.size === 0} loading={busy}>
          Export
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import type { ResultSets, SimulationRunSettings, StudyPlan } from '@predict/shared';
import { useChecklistExport } from '@/components/use-checklist-export';
import { EXPORT_GROUPS, exportOptions, type ExportOptionId } from '../../utils/export-options';
import { tablesExportFileName } from '../../utils/spreadsheet-safe';

export const EXPORT_FAILED_MESSAGE = 'The tables could not be exported.'; // ours

/**
 * Export Tables (spec/1 section 9): Details, Summaries and Durations options, Export disabled until one is
 * ticked; one sheet per ticked option, built in the browser with exceljs (loaded on the first export).
 */
export function ExportTablesDialog({
  plan,
  sets,
  cohorts,
  settings,
  onClose,
}: {
  plan: StudyPlan;
  sets: Partial<ResultSets>;
  cohorts: boolean;
  /** The run's uncertainty settings, for the Parameter Summary of the Combined Report. */
  settings?: SimulationRunSettings | null;
  onClose: () => void;
}) {
  const options = exportOptions(cohorts);
  const { selected, toggle, busy, run } = useChecklistExport<ExportOptionId>({
    build: async (chosen) =>
      (await import('../../utils/tables-workbook')).buildTablesWorkbook(
        plan,
        sets,
        chosen,
        cohorts,
        settings,
      ),
    fileName: () => tablesExportFileName(plan),
    failedMessage: EXPORT_FAILED_MESSAGE,
    onClose,
  });

  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth>
      <DialogTitle>Export Tables</DialogTitle>
      <DialogContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3}>
          {EXPORT_GROUPS.map((group) => (
            <FormGroup key={group} role="group" aria-label={group}>
              <FormLabel component="legend" sx={{ fontWeight: 600, mb: 0.5 }}>
                {group}
              </FormLabel>
              {options
                .filter((o) => o.group === group)
                .map((o) => (
                  <FormControlLabel
                    key={o.id}
                    label={o.label}
                    control={
                      <Checkbox
                        size="small"
                        checked={selected.has(o.id)}
                        onChange={() => toggle(o.id)}
                        disabled={busy}
                      />
                    }
                  />
                ))}
            </FormGroup>
          ))}
        </Stack>
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

import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';

/** The footer of step 1: leave (Back to Study Plan List, Cancel), Save Draft and Next Step. */
export function Step1Actions({
  saving,
  saveDisabled,
  nextDisabled,
  onBackToList,
  onCancel,
  onSaveDraft,
  onNextStep,
}: {
  saving: boolean;
  saveDisabled: boolean;
  nextDisabled: boolean;
  onBackToList: () => void;
  onCancel: () => void;
  onSaveDraft: () => void;
  onNextStep: () => void;
}) {
  return (
    <Paper sx={{ p: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
        <Button onClick={onBackToList} disabled={saving}>
          Back to Study Plan List
        </Button>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {saving && <CircularProgress size={20} aria-label="Saving" />}
          <Button onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button variant="outlined" onClick={onSaveDraft} disabled={saveDisabled}>
            Save Draft
          </Button>
          <Button variant="contained" onClick={onNextStep} disabled={nextDisabled}>
            Next Step
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

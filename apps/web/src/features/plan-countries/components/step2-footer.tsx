import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { PlanSpreadsheetActions } from '@/features/plan-spreadsheet';

/**
 * The footers of step 2 (spec/1 section 2): leave, discard or save the plan; then move between countries and
 * steps.
 */
export function Step2Footer({
  saving,
  dirty,
  saveDisabled,
  nextDisabled,
  hasCountries,
  onBackToList,
  onCancel,
  onSaveDraft,
  onViewDifferentCountry,
  onBack,
  onNextStep,
}: {
  saving: boolean;
  dirty: boolean;
  saveDisabled: boolean;
  nextDisabled: boolean;
  hasCountries: boolean;
  onBackToList: () => void;
  onCancel: () => void;
  onSaveDraft: () => void;
  onViewDifferentCountry: () => void;
  onBack: () => void;
  onNextStep: () => void;
}) {
  return (
    <>
      <Paper sx={{ p: 2 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
          <Button onClick={onBackToList} disabled={saving}>
            Back to Study Plan List
          </Button>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            {saving && <CircularProgress size={20} aria-label="Saving" />}
            <PlanSpreadsheetActions canUpload disabled={saving || dirty} />
            <Button onClick={onCancel} disabled={saving || !dirty}>
              Cancel
            </Button>
            <Button variant="contained" onClick={onSaveDraft} disabled={saveDisabled}>
              Save Draft
            </Button>
          </Stack>
        </Stack>
      </Paper>
      <Paper sx={{ p: 2 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
          <Button onClick={onViewDifferentCountry} disabled={!hasCountries}>
            View Different Country
          </Button>
          <Stack direction="row" spacing={1}>
            <Button onClick={onBack} disabled={saving}>
              Back
            </Button>
            <Button variant="contained" onClick={onNextStep} disabled={nextDisabled}>
              Next Step
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </>
  );
}

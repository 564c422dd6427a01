import Button from '@mui/material/Button';
import { PlanStepActions } from '@/features/plan-shell';
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
      <PlanStepActions
        saving={saving}
        onBackToList={onBackToList}
        endStart={<PlanSpreadsheetActions canUpload disabled={saving || dirty} />}
        onCancel={onCancel}
        cancelDisabled={saving || !dirty}
        onSaveDraft={onSaveDraft}
        saveDisabled={saveDisabled}
      />
      <PlanStepActions
        start={
          <Button onClick={onViewDifferentCountry} disabled={!hasCountries}>
            View Different Country
          </Button>
        }
        onBack={onBack}
        backDisabled={saving}
        onNextStep={onNextStep}
        nextDisabled={nextDisabled}
      />
    </>
  );
}

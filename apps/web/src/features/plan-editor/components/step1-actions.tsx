import { PlanStepActions } from '@/features/plan-shell';

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
    <PlanStepActions
      saving={saving}
      onBackToList={onBackToList}
      onCancel={onCancel}
      cancelDisabled={saving}
      onSaveDraft={onSaveDraft}
      saveDisabled={saveDisabled}
      saveVariant="outlined"
      onNextStep={onNextStep}
      nextDisabled={nextDisabled}
    />
  );
}

import { useNavigate } from 'react-router';
import { UnsavedChangesDialog, planStepPath, studyPath } from '@/features/plan-shell';
import type { Step2State } from '../hooks/use-step2-state';
import { Step2Footer } from './step2-footer';

/** How step 2 is saved and left: the footers' buttons, and the dialog a navigation with unsaved changes opens. */
export function Step2SaveAndLeave({ step, studyId }: { step: Step2State; studyId: number }) {
  const navigate = useNavigate();
  const { plan, saving, dirty, disabled, blocking, conflict, save } = step;
  const { blocker, nextStep, cancel, saveAndExit } = step.leave;
  return (
    <>
      <Step2Footer
        saving={saving}
        dirty={dirty}
        saveDisabled={step.saveDisabled}
        nextDisabled={disabled || blocking}
        hasCountries={step.tabs.length > 0}
        onBackToList={() => void navigate(studyPath(studyId))}
        onCancel={() => void cancel()}
        onSaveDraft={() => void save()}
        onViewDifferentCountry={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
        onBack={() => void navigate(planStepPath(studyId, plan.studyPlanId, 1))}
        onNextStep={() => void nextStep()}
      />
      <UnsavedChangesDialog
        open={blocker.state === 'blocked'}
        canSave={!blocking && !conflict}
        saving={saving}
        onExit={() => blocker.proceed?.()}
        onSaveAndExit={() => void saveAndExit()}
        onClose={() => blocker.reset?.()}
      />
    </>
  );
}

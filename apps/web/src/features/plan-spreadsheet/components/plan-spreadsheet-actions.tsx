import Button from '@mui/material/Button';
import { useState } from 'react';
import { useParams } from 'react-router';
import { usePlan } from '@/features/plan-shell';
import { useExportPlan } from '../hooks/use-export-plan';
import { UploadPlanDialog } from './upload-plan-dialog';

const planIdOf = (param: string | undefined) => (param && /^\d+$/.test(param) ? Number(param) : null);

/**
 * UPLOAD PLAN (editors, step 2) and EXPORT PLAN (step 2 and review) for the plan of the address. Upload is
 * disabled while the page has unsaved changes or is saving (`disabled`): the upload replaces the plan's values.
 */
export function PlanSpreadsheetActions({
  canUpload = false,
  disabled = false,
}: {
  canUpload?: boolean;
  disabled?: boolean;
}) {
  const planId = planIdOf(useParams().planId);
  const plan = usePlan(planId).data;
  const { exportPlan, exporting } = useExportPlan(planId ?? 0);
  const [uploading, setUploading] = useState(false);
  if (planId === null || !plan) return null;

  return (
    <>
      {canUpload && plan.isEditable && (
        <Button onClick={() => setUploading(true)} disabled={disabled}>
          Upload Plan
        </Button>
      )}
      <Button onClick={() => void exportPlan()} disabled={exporting} loading={exporting}>
        Export Plan
      </Button>
      {canUpload && plan.isEditable && (
        <UploadPlanDialog plan={plan} open={uploading} onClose={() => setUploading(false)} />
      )}
    </>
  );
}

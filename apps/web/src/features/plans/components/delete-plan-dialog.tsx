import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { PLAN_DELETE_REFUSED_MESSAGE, type StudyPlanListRow } from '@predict/shared';
import { useId, useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { useDeletePlan } from '../hooks/use-plan-mutations';

export const deleteConfirmText = (name: string) =>
  `Are you sure you want to delete '${name}'? Deletion cannot be undone and removes all related information.`;

/**
 * Asks before deleting a plan. A plan the user may not delete (not Draft, or not its creator), or one the server
 * refuses with 403, gets the spec's "contact the Creator" text and a single Close button instead.
 */
export function DeletePlanDialog({
  studyId,
  plan,
  onClose,
}: {
  studyId: number;
  plan: StudyPlanListRow;
  onClose: () => void;
}) {
  const titleId = useId();
  const textId = useId();
  const [refused, setRefused] = useState(!plan.isDeletable);
  const mutation = useDeletePlan(studyId);

  const confirm = () =>
    mutation.mutate(plan, {
      onSuccess: onClose,
      onError: (error) => {
        if (isApiError(error) && error.status === 403) setRefused(true);
        else onClose();
      },
    });

  return (
    <Dialog
      open
      onClose={mutation.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
    >
      <DialogTitle id={titleId}>Delete Study Plan</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          {refused ? PLAN_DELETE_REFUSED_MESSAGE : deleteConfirmText(plan.studyPlanName)}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        {refused ? (
          <Button onClick={onClose} variant="contained" autoFocus>
            Close
          </Button>
        ) : (
          <>
            <Button onClick={onClose} disabled={mutation.isPending}>
              Cancel
            </Button>
            <Button onClick={confirm} variant="contained" color="error" loading={mutation.isPending}>
              Delete
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}

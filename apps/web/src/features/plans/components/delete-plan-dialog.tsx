import { PLAN_DELETE_REFUSED_MESSAGE, type StudyPlanListRow } from '@predict/shared';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
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
  const mutation = useDeletePlan(studyId);
  return (
    <ConfirmDeleteDialog
      title="Delete Study Plan"
      text={deleteConfirmText(plan.studyPlanName)}
      refusedText={PLAN_DELETE_REFUSED_MESSAGE}
      refused={!plan.isDeletable}
      onDelete={(callbacks) => mutation.mutate(plan, callbacks)}
      pending={mutation.isPending}
      onClose={onClose}
    />
  );
}

import { SOE_MESSAGES, type SoeListRow } from '@predict/shared';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { useDeleteSoe } from '../hooks/use-soe-mutations';

/** The warning of spec/2 section 2 (ours in wording): cannot be undone, and what goes with the SOE. */
export const deleteSoeText = (name: string) =>
  `Are you sure you want to delete '${name}'? This cannot be undone. It removes the visits, assessments and ` +
  'mappings at study and country level, including the cost, clinical strategy and data management details.';

/**
 * Asks before deleting an SOE. The server refuses (403) users who did not create it: the dialog then shows the
 * spec's refusal text and a single Close button.
 */
export function DeleteSoeDialog({
  studyId,
  soe,
  onClose,
}: {
  studyId: number;
  soe: Pick<SoeListRow, 'scheduleOfEventsId' | 'scheduleOfEventsName'>;
  onClose: () => void;
}) {
  const mutation = useDeleteSoe(studyId);
  return (
    <ConfirmDeleteDialog
      title="Delete Schedule of Events"
      text={deleteSoeText(soe.scheduleOfEventsName)}
      refusedText={SOE_MESSAGES.deleteNotCreator}
      onDelete={(callbacks) => mutation.mutate(soe.scheduleOfEventsId, callbacks)}
      pending={mutation.isPending}
      onClose={onClose}
      focusCancel
    />
  );
}

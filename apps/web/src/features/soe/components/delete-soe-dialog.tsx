import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { SOE_MESSAGES, type SoeListRow } from '@predict/shared';
import { useId, useState } from 'react';
import { isApiError } from '@/lib/api-client';
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
  const titleId = useId();
  const textId = useId();
  const [refused, setRefused] = useState(false);
  const mutation = useDeleteSoe(studyId);

  const confirm = () =>
    mutation.mutate(soe.scheduleOfEventsId, {
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
      <DialogTitle id={titleId}>Delete Schedule of Events</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          {refused ? SOE_MESSAGES.deleteNotCreator : deleteSoeText(soe.scheduleOfEventsName)}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        {refused ? (
          <Button onClick={onClose} variant="contained" autoFocus>
            Close
          </Button>
        ) : (
          <>
            <Button onClick={onClose} disabled={mutation.isPending} autoFocus>
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

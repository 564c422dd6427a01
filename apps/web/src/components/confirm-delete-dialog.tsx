import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { isApiError } from '@/lib/api-client';

export interface ConfirmDeleteDialogProps {
  title: string;
  /** The question: what is deleted, and what goes with it. */
  text: string;
  /** Shown instead, with a single Close button, when the user may not delete it (known before, or a 403). */
  refusedText: string;
  /** Known to be refused before asking (the list says so). */
  refused?: boolean;
  /** Runs the delete with these callbacks (a react-query mutate fits). */
  onDelete: (callbacks: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
  pending: boolean;
  onClose: () => void;
  /** Cancel takes the focus when the dialog opens. */
  focusCancel?: boolean;
}

/**
 * Asks before a delete (Cancel or Delete), cannot be closed while it runs, closes when it is done or fails; a 403
 * turns it into the refusal text with a single Close button, as does a delete the user is known not to be allowed.
 */
export function ConfirmDeleteDialog(props: ConfirmDeleteDialogProps) {
  const { onClose, pending } = props;
  const titleId = useId();
  const textId = useId();
  const [refused, setRefused] = useState(props.refused ?? false);
  const confirm = () =>
    props.onDelete({
      onSuccess: onClose,
      onError: (error) => {
        if (isApiError(error) && error.status === 403) setRefused(true);
        else onClose();
      },
    });

  return (
    <Dialog open onClose={pending ? undefined : onClose} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>{props.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{refused ? props.refusedText : props.text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        {refused ? (
          <Button onClick={onClose} variant="contained" autoFocus>
            Close
          </Button>
        ) : (
          <>
            <Button onClick={onClose} disabled={pending} autoFocus={props.focusCancel}>
              Cancel
            </Button>
            <Button onClick={confirm} variant="contained" color="error" loading={pending}>
              Delete
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}

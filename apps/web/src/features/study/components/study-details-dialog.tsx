import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { StudyDetails } from '@predict/shared';
import { useId } from 'react';
import { studyDetailFields } from '../utils/study-detail-fields';
import { DetailList } from './detail-list';

export function StudyDetailsDialog({
  study,
  open,
  onClose,
}: {
  study: StudyDetails;
  open: boolean;
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>STUDY DETAILS</DialogTitle>
      <DialogContent dividers>
        <DetailList fields={studyDetailFields(study)} columns={2} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

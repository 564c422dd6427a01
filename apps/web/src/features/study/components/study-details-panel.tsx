import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { StudyDetails } from '@predict/shared';
import { useId } from 'react';
import { studyDetailFields } from '../utils/study-detail-fields';
import { DetailList } from './detail-list';

/** The study page's left panel: the same fields as the dialog, compact. */
export function StudyDetailsPanel({ study }: { study: StudyDetails }) {
  const headingId = useId();
  return (
    <Paper component="aside" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1.5 }}>
        Study Details
      </Typography>
      <DetailList fields={studyDetailFields(study)} />
    </Paper>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { StudyDetails } from '@predict/shared';
import { useId, useState } from 'react';
import { FavoriteButton } from '@/features/favorites';
import { StudyDetailsDialog } from './study-details-dialog';

/** 'sponsor - project id', the study name, the favorite star and the STUDY DETAILS button. */
export function StudyHeader({ study }: { study: StudyDetails }) {
  const [detailsOpen, setDetailsOpen] = useState(false);
  const headingId = useId();
  return (
    // A region named by the heading, so that its star can be told from the stars of the favorites list.
    <Paper
      component="section"
      aria-labelledby={headingId}
      sx={{ p: 2, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}
    >
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <Typography id={headingId} variant="h5" component="h1">
            {study.sponsorName} - {study.projectId}
          </Typography>
          <FavoriteButton study={study} />
          {study.isDemo && <Chip label="Demo" size="small" color="warning" variant="outlined" />}
        </Box>
        <Typography variant="subtitle1" color="text.secondary">
          {study.studyName}
        </Typography>
      </Box>
      <Button variant="outlined" onClick={() => setDetailsOpen(true)}>
        STUDY DETAILS
      </Button>
      <StudyDetailsDialog study={study} open={detailsOpen} onClose={() => setDetailsOpen(false)} />
    </Paper>
  );
}

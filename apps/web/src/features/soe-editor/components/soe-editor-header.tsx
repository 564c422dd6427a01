import { memo } from 'react';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SoeDetail } from '@predict/shared';
import { Link as RouterLink } from 'react-router';

/** The editor's header (spec/2 section 2): the linked enrollment plan, the SOE's name and description. */
export const SoeEditorHeader = memo(function SoeEditorHeader({ soe }: { soe: SoeDetail }) {
  return (
    <Stack spacing={0.5} sx={{ mb: 2 }}>
      <Typography variant="body2" color="text.secondary">
        Linked enrollment plan:{' '}
        {soe.studyPlanId !== null && soe.studyPlanName ? (
          <Link component={RouterLink} to={`/ctpo/study-plans/${soe.studyId}/${soe.studyPlanId}`}>
            {soe.studyPlanName}
          </Link>
        ) : (
          'none'
        )}
      </Typography>
      <Typography variant="h5" component="h1">
        {soe.scheduleOfEventsName}
      </Typography>
      <Typography variant="body1" sx={{ whiteSpace: 'pre-wrap' }}>
        {soe.scheduleOfEventsDescr}
      </Typography>
    </Stack>
  );
});

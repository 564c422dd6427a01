import { memo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SoeDetail } from '@predict/shared';
import { Link as RouterLink } from 'react-router';
import { soeForecastPath } from '@/features/soe';

/**
 * The editor's header (spec/2 section 2): the linked enrollment plan, the SOE's name and description, and the way
 * to the SOE's forecast page (which links back with its Edit SOE button).
 */
export const SoeEditorHeader = memo(function SoeEditorHeader({ soe }: { soe: SoeDetail }) {
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', mb: 2 }}>
      <Stack spacing={0.5} sx={{ flex: 1, minWidth: 0 }}>
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
      <Button
        variant="outlined"
        component={RouterLink}
        to={soeForecastPath(soe.studyId, soe.scheduleOfEventsId)}
      >
        Forecast
      </Button>
    </Box>
  );
});

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RemodelFormData } from '@predict/shared';
import { Link as RouterLink } from 'react-router';
import { useRemodelForm } from '../hooks/use-remodel-form';
import { PatientFigures } from './patient-figures';
import { RemodelPlanSection } from './remodel-plan-section';
import { SiteGroupSection } from './site-group-section';

/** The Remodel form (spec/3 sections 2-5): re-forecasts the Baseline Plan from the study's actuals. */
export function RemodelForm({
  studyId,
  data,
  existingPlanNames,
}: {
  studyId: number;
  data: RemodelFormData;
  existingPlanNames: readonly string[];
}) {
  const form = useRemodelForm(studyId, data, existingPlanNames);
  return (
    <Box
      component="form"
      noValidate
      aria-label="Remodel"
      onSubmit={(e) => {
        e.preventDefault();
        form.submit();
      }}
    >
      <Stack spacing={2}>
        <RemodelPlanSection data={data} form={form} />
        <Paper sx={{ p: 2 }}>
          <Stack spacing={1}>
            <PatientFigures data={data} form={form} />
          </Stack>
        </Paper>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          Countries
        </Typography>
        {data.siteGroups.map((g, i) => (
          <SiteGroupSection key={g.siteGroupName} index={i} group={g} form={form} />
        ))}
        <RemodelActions studyId={studyId} pending={form.pending} />
      </Stack>
    </Box>
  );
}

/** Cancel goes back to the study's actuals unsaved; Submit sends the form (the form's own submit handler). */
function RemodelActions({ studyId, pending }: { studyId: number; pending: boolean }) {
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
      <Button component={RouterLink} to={`/ctpo/study-actuals/${studyId}`}>
        Cancel
      </Button>
      <Button type="submit" variant="contained" loading={pending}>
        Submit
      </Button>
    </Stack>
  );
}

import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { RemodelSiteGroupValues } from '@predict/shared';
import { formatDecimal } from '@/lib/format';
import type { RemodelForm } from '../hooks/use-remodel-form';
import type { RateSelection, SitesSelection } from '../utils/remodel-values';
import { ChoiceGroup } from './choice-group';
import { RateField } from './rate-field';

const rate = (n: number | null) => formatDecimal(n, 2);

/** One country (site group): its rate choice and sites choice; remove is disabled once it has actual or closed sites. */
export function SiteGroupSection({
  index,
  group,
  form,
}: {
  index: number;
  group: RemodelSiteGroupValues;
  form: RemodelForm;
}) {
  const values = form.values.siteGroups[index]!;
  const key = (field: string) => `siteGroups.${index}.${field}`;
  const name = group.siteGroupName;
  const removed = values.sitesSelection === 4;
  return (
    <Paper variant="outlined" component="section" aria-label={name} sx={{ p: 2, opacity: removed ? 0.7 : 1 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {name}
        {removed && ' (removed from the remodel)'}
      </Typography>
      <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <Stack spacing={1}>
          <ChoiceGroup<RateSelection>
            label={`${name} Enrollment Rate`}
            value={values.enrollmentRateSelection}
            onChange={(v) => form.setGroup(index, { enrollmentRateSelection: v })}
            choices={[
              { value: 1, label: `Planned (${rate(group.enrollmentRatePlanned)})` },
              { value: 2, label: `Actual (${rate(group.enrollmentRateActual)})` },
              { value: 3, label: 'Other' },
            ]}
          />
          {values.enrollmentRateSelection === 3 && (
            <RateField
              label={`${name} Other Enrollment Rate`}
              value={values.enrollmentRateOther}
              onChange={(t) => form.setGroup(index, { enrollmentRateOther: t })}
              onBlur={() => form.touch(key('enrollmentRateOther'))}
              error={Boolean(form.errorOf(key('enrollmentRateOther')))}
              helperText={form.errorOf(key('enrollmentRateOther')) ?? 'Patients / site / month'}
              required
            />
          )}
        </Stack>
        <Stack spacing={1}>
          <ChoiceGroup<SitesSelection>
            label={`${name} Sites`}
            value={values.sitesSelection}
            onChange={(v) => form.setGroup(index, { sitesSelection: v })}
            error={form.errorOf(key('sitesSelection'))}
            choices={[
              { value: 1, label: `Planned (${group.sitesPlanned})` },
              {
                value: 2,
                label: `Actual/Projected (${group.sitesActual}${group.sitesActualClosed ? `, ${group.sitesActualClosed} closed` : ''})`,
              },
              { value: 3, label: 'Other' },
              { value: 4, label: 'Remove Country', disabled: !group.canRemove },
            ]}
          />
          {values.sitesSelection === 3 && (
            <TextField
              size="small"
              label={`${name} Other Sites`}
              value={values.sitesOther}
              onChange={(e) => form.setGroup(index, { sitesOther: e.target.value })}
              onBlur={() => form.touch(key('sitesOther'))}
              error={Boolean(form.errorOf(key('sitesOther')))}
              helperText={form.errorOf(key('sitesOther'))}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              required
            />
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}

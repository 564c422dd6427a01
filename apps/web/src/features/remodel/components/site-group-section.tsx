import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { actualsStatusOf, type RemodelSiteGroupValues } from '@predict/shared';
import { ImpactIndicator } from '@/features/study-actuals';
import { formatDecimal } from '@/lib/format';
import type { RemodelForm } from '../hooks/use-remodel-form';
import type { RateSelection, SitesSelection } from '../utils/remodel-values';
import { ChoiceGroup } from './choice-group';
import { RateField } from './rate-field';

const rate = (n: number | null) => formatDecimal(n, 2);

/**
 * How far the country's actual rate is from its planned one, in % of planned, coloured like the Study Actuals
 * impacts, so that a country behind or ahead of plan shows at a glance. Nothing before the country has actuals.
 */
function RateImpact({ group }: { group: RemodelSiteGroupValues }) {
  const { enrollmentRatePlanned: planned, enrollmentRateActual: actual } = group;
  if (planned === null || actual === null || !(planned > 0)) return null;
  const percent = Math.round(((actual - planned) / planned) * 100);
  return (
    <Typography variant="body2" component="p">
      {'Actual vs planned rate: '}
      <ImpactIndicator
        value={`${percent > 0 ? '+' : ''}${percent}%`}
        status={actualsStatusOf(percent, 'percent')}
      />
    </Typography>
  );
}

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
          <RateImpact group={group} />
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

import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  LAST_STAGE_COUNTRY_MILESTONES,
  OVERRIDABLE_COUNTRY_MILESTONES,
  type PlanSiteGroup,
} from '@predict/shared';
import { MONTH_NAMES, seasonalValues } from '../utils/country-rows';
import { formatPlanDate } from '@/lib/format';

type MilestoneDef =
  (typeof OVERRIDABLE_COUNTRY_MILESTONES)[number] | (typeof LAST_STAGE_COUNTRY_MILESTONES)[number];

function MilestoneTable({
  group,
  defs,
  label,
  withOverride,
}: {
  group: PlanSiteGroup;
  defs: readonly MilestoneDef[];
  label: string;
  withOverride: boolean;
}) {
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          <TableCell>Milestone Name</TableCell>
          {withOverride && <TableCell>Override</TableCell>}
          <TableCell>Milestone Date</TableCell>
          <TableCell>Comments</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {defs.map((def) => {
          const m = group.milestones.find((x) => x.milestoneId === def.milestoneId);
          return (
            <TableRow key={def.milestoneId}>
              <TableCell>{def.label}</TableCell>
              {withOverride && <TableCell>{m?.isUserOverride ? 'Yes' : 'No'}</TableCell>}
              <TableCell>{formatPlanDate(m?.milestoneDateMillis)}</TableCell>
              <TableCell sx={{ whiteSpace: 'pre-wrap' }}>{m?.comments || '—'}</TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

/** The country's date milestones: the overridable table and the last-stage table (no Override column). */
export function ReviewMilestones({ group }: { group: PlanSiteGroup }) {
  return (
    <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2}>
      <MilestoneTable
        group={group}
        defs={OVERRIDABLE_COUNTRY_MILESTONES}
        label="Start-up milestones"
        withOverride
      />
      <MilestoneTable
        group={group}
        defs={LAST_STAGE_COUNTRY_MILESTONES}
        label="Last-stage milestones"
        withOverride={false}
      />
    </Stack>
  );
}

/** The activation profile: cumulative sites by days since the first site activation, with their dates. */
export function ReviewActivationProfile({ group }: { group: PlanSiteGroup }) {
  const points = [...group.activationProfiles].sort(
    (a, b) => a.siteActivationProfileDays - b.siteActivationProfileDays,
  );
  return (
    <Stack spacing={1}>
      <Typography variant="body2">{`Override: ${group.activationProfileOverride ? 'Yes' : 'No'}`}</Typography>
      {points.length === 0 ? (
        <Typography color="text.secondary">No activation profile.</Typography>
      ) : (
        <Table size="small" aria-label="Activation profile">
          <TableHead>
            <TableRow>
              <TableCell>Label</TableCell>
              <TableCell># of Sites</TableCell>
              <TableCell>Days</TableCell>
              <TableCell>Date</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {points.map((p) => (
              <TableRow key={p.siteActivationProfileId}>
                <TableCell>{p.siteActivationLabel || '—'}</TableCell>
                <TableCell>{p.siteActivationProfilePct}</TableCell>
                <TableCell>{p.siteActivationProfileDays}</TableCell>
                <TableCell>{formatPlanDate(p.siteActivationProfileDateMillis)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Stack>
  );
}

/** The monthly seasonal variation, one column per month. */
export function ReviewSeasonalVariation({ group }: { group: PlanSiteGroup }) {
  const values = seasonalValues(group);
  return (
    <Table size="small" aria-label="Monthly seasonal variation">
      <TableHead>
        <TableRow>
          {MONTH_NAMES.map((m) => (
            <TableCell key={m}>{m}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        <TableRow>
          {values.map((value, month) => (
            <TableCell key={MONTH_NAMES[month]}>{value}</TableCell>
          ))}
        </TableRow>
      </TableBody>
    </Table>
  );
}

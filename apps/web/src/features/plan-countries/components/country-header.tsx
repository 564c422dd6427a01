import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PlanSiteGroup } from '@predict/shared';
import { formatDaysAsMonths } from '@/lib/format';

const START_UP_DAYS: Record<NonNullable<PlanSiteGroup['timeCountryStartUpSize']>, keyof PlanSiteGroup> = {
  'Super Short': 'timeCountryStartUpSuperShortDays',
  Short: 'timeCountryStartUpShortDays',
  Medium: 'timeCountryStartUpMediumDays',
  Long: 'timeCountryStartUpLongDays',
};

/** 'Medium - 120 days (3.94 months)'. */
export function startUpTimeFrame(group: PlanSiteGroup): string {
  const size = group.timeCountryStartUpSize;
  if (!size) return '—';
  const days = group[START_UP_DAYS[size]] as number;
  return `${size} - ${days} days (${formatDaysAsMonths(days)} months)`;
}

/** The tab's header: country, Site ID effort, start-up time frame, and Edit / Delete for editors. */
export function CountryHeader({
  title,
  group,
  canEdit,
  onEdit,
  onDelete,
}: {
  title: string;
  group: PlanSiteGroup;
  canEdit: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}
    >
      <div>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        <Typography variant="body2">
          <strong>Site ID Effort:</strong> {group.timeSiteIdSize ?? '—'}
        </Typography>
        <Typography variant="body2">
          <strong>Country Start-Up Time Frame:</strong> {startUpTimeFrame(group)}
        </Typography>
      </div>
      {canEdit && (
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" onClick={onEdit}>
            Edit Country
          </Button>
          <Button variant="outlined" color="error" onClick={onDelete}>
            Delete Country
          </Button>
        </Stack>
      )}
    </Stack>
  );
}

import Checkbox from '@mui/material/Checkbox';
import Grid from '@mui/material/Grid';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  LAST_STAGE_COUNTRY_MILESTONES,
  OVERRIDABLE_COUNTRY_MILESTONES,
  type CountryMilestone,
} from '@predict/shared';
import { DateField } from '@/components/date-field';
import { dayToNoonUtcMillis, millisToDay } from '@/features/plan-shell';
import type { CountryDraft, MilestoneDraft } from '../utils/country-draft';
import { formatPlanDate } from '@/lib/format';
import type { SectionProps } from './section-props';

export const OVERRIDE_TOOLTIP =
  'Tick to enter your own date and a comment explaining it; untick to go back to the computed date.';

function withRow(d: CountryDraft, milestoneId: number, row: Partial<MilestoneDraft>): CountryDraft {
  return {
    ...d,
    milestones: d.milestones.map((m) => (m.milestoneId === milestoneId ? { ...m, ...row } : m)),
  };
}

/** The date a row shows: the typed one when overridden, else the computed one. */
export type ShownDate = (milestoneId: number) => number | null;

export interface MilestonesSectionProps extends SectionProps {
  /** The date each row shows (typed when overridden, else computed). */
  shown: ShownDate;
  /** The computed date of a row, which ticking Override starts from and unticking restores. */
  computed: (milestoneId: number) => number | null;
}

function OverridableRow({
  def,
  draft,
  message,
  disabled,
  change,
  shown,
  computed,
}: MilestonesSectionProps & { def: CountryMilestone }) {
  const id = def.milestoneId;
  const row = draft.milestones.find((m) => m.milestoneId === id);
  const on = row?.isUserOverride === 1;
  const dateKey = `milestones.${id}.milestoneDateMillis`;
  const commentKey = `milestones.${id}.comments`;
  return (
    <TableRow>
      <TableCell component="th" scope="row">
        {def.label}
      </TableCell>
      <TableCell padding="checkbox">
        <Tooltip title={OVERRIDE_TOOLTIP}>
          <Checkbox
            checked={on}
            disabled={disabled}
            slotProps={{ input: { 'aria-label': `Override ${def.label}` } }}
            onChange={(e) =>
              // Unticking clears the comment and restores the computed date (spec/1 section 4).
              change([dateKey, commentKey], (d) =>
                withRow(d, id, {
                  isUserOverride: e.target.checked ? 1 : 0,
                  milestoneDateMillis: e.target.checked ? computed(id) : null,
                  comments: '',
                }),
              )
            }
          />
        </Tooltip>
      </TableCell>
      <TableCell>
        {on ? (
          <DateField
            ariaLabel={`${def.label} date`}
            value={millisToDay(row?.milestoneDateMillis)}
            disabled={disabled}
            error={Boolean(message(dateKey))}
            helperText={message(dateKey)}
            onChange={(day) =>
              change([dateKey], (d) => withRow(d, id, { milestoneDateMillis: dayToNoonUtcMillis(day) }))
            }
          />
        ) : (
          formatPlanDate(shown(id))
        )}
      </TableCell>
      <TableCell>
        {on && (
          <TextField
            size="small"
            value={row?.comments ?? ''}
            disabled={disabled}
            error={Boolean(message(commentKey))}
            helperText={message(commentKey)}
            onChange={(e) => change([commentKey], (d) => withRow(d, id, { comments: e.target.value }))}
            slotProps={{ htmlInput: { 'aria-label': `${def.label} comment`, maxLength: 2000 } }}
            fullWidth
          />
        )}
      </TableCell>
    </TableRow>
  );
}

/**
 * The country's date milestones (spec/1 section 2): six overridable rows on the left, the four last-stage rows
 * (computed only, no Override column) on the right. Computed dates follow every input change.
 */
export function MilestonesSection(props: MilestonesSectionProps) {
  return (
    <section aria-labelledby="country-milestones-title">
      <Typography id="country-milestones-title" variant="subtitle1" component="h3" gutterBottom>
        Milestones
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 7 }}>
          <Table size="small" aria-label="Country milestones">
            <TableHead>
              <TableRow>
                <TableCell>Milestone Name</TableCell>
                <TableCell>Override</TableCell>
                <TableCell>Milestone Date</TableCell>
                <TableCell>Comments</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {OVERRIDABLE_COUNTRY_MILESTONES.map((def) => (
                <OverridableRow key={def.milestoneId} def={def} {...props} />
              ))}
            </TableBody>
          </Table>
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <Table size="small" aria-label="Last-stage milestones">
            <TableHead>
              <TableRow>
                <TableCell>Milestone Name</TableCell>
                <TableCell>Milestone Date</TableCell>
                <TableCell>Comments</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {LAST_STAGE_COUNTRY_MILESTONES.map((def) => (
                <TableRow key={def.milestoneId}>
                  <TableCell component="th" scope="row">
                    {def.label}
                  </TableCell>
                  <TableCell>{formatPlanDate(props.shown(def.milestoneId))}</TableCell>
                  <TableCell />
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Grid>
      </Grid>
    </section>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { completeActivationPair, MS_PER_DAY, PROJECTED_LABEL } from '@predict/shared';
import type { KeyboardEvent } from 'react';
import type { ActivationPointDraft, CountryDraft } from '../utils/country-draft';
import { formatPlanDate } from '@/lib/format';
import { numberOf } from '../utils/step2-rows';
import { NumberInput } from './number-input';
import type { SectionProps } from './section-props';

/** '# of Sites' takes whole non-negative numbers only: '.', '-', 'e' and 'E' never get in (spec/1 section 5). */
const BLOCKED_SITE_KEYS = new Set(['.', '-', 'e', 'E', '+']);
const BLOCKED_DAY_KEYS = new Set(['.', 'e', 'E', '+']);

/** Whole numbers without leading zeros ('007' reads '7'); days may be typed negative to get their message. */
export const acceptSites = (raw: string, previous: string) =>
  /^\d*$/.test(raw) ? raw.replace(/^0+(?=\d)/, '') : previous;
export const acceptDays = (raw: string, previous: string) =>
  /^-?\d*$/.test(raw) ? raw.replace(/^(-?)0+(?=\d)/, '$1') : previous;

type Cell = 'sites' | 'days';

/**
 * Eleven columns within a 1280 px screen: 4 px a side around the 76 px inputs instead of MUI's 16, the row names
 * on one line. With 16 px the eleventh column lay beyond the box's edge.
 */
const PROFILE_TABLE = {
  '& td': { px: 0.5 },
  '& th': { pl: 0, pr: 1, whiteSpace: 'nowrap' },
} as const;
/** A date on one line ('14-Jun-' over '2027' read badly), a point smaller so that it stays within its column. */
const DATE_CELL = { whiteSpace: 'nowrap', fontSize: '0.8125rem' } as const;

function withCell(d: CountryDraft, slot: number, cell: Cell, value: string): CountryDraft {
  const points = d.activation.points.map((p, i): ActivationPointDraft => {
    if (i !== slot) return p;
    const next = { ...p, [cell]: value };
    const wasEmpty = p.sites === '' && p.days === '';
    const isEmpty = next.sites === '' && next.days === '';
    // A value on an empty column is a projected point; clearing both cells clears the label (spec/1 section 4).
    if (isEmpty) return { ...next, label: null };
    return wasEmpty ? { ...next, label: PROJECTED_LABEL } : next;
  });
  return { ...d, activation: { ...d.activation, points } };
}

/** Leaving a column with only one of its cells filled puts 0 in the other. */
function completed(d: CountryDraft, slot: number): CountryDraft {
  const p = d.activation.points[slot];
  if (!p) return d;
  const pair = completeActivationPair({ sites: numberOf(p.sites), days: numberOf(p.days) });
  const sites = pair.sites === null ? p.sites : String(pair.sites);
  const days = pair.days === null ? p.days : String(pair.days);
  if (sites === p.sites && days === p.days) return d;
  const points = d.activation.points.map((q, i) => (i === slot ? { ...q, sites, days } : q));
  return { ...d, activation: { ...d.activation, points } };
}

export interface ActivationProfileSectionProps extends SectionProps {
  /** The default profile for the country's sites, shown while override is off. */
  defaults: ActivationPointDraft[];
  /** Remodel plans always override, and cannot untick (spec/1 section 4). */
  forcedOverride: boolean;
  /** The first site activation (FSIV) date: point dates are that date plus the point's days. */
  fsivMillis: number | null;
  /** The site count changed since the plan was saved: saving stores `defaults`, so they show, read-only. */
  resets?: boolean;
}

export const ACTIVATION_RESET_NOTE =
  'The number of activated sites changed: Save Draft stores the default profile shown here for the new number. ' +
  'Save the plan before overriding it.';

/**
 * Activation profiles (spec/1 sections 4 and 5): up to 11 columns of cumulative '# of Sites' reached after 'Days'
 * since the first site activation. Without the country's override the default profile shows, read-only.
 */
export function ActivationProfileSection({
  draft,
  message,
  disabled,
  change,
  defaults,
  forcedOverride,
  fsivMillis,
  resets = false,
}: ActivationProfileSectionProps) {
  const override = draft.activation.overrideFl;
  // What is shown is what Save Draft stores: the country's own points only while they are kept.
  const own = override && !resets;
  const points = own ? draft.activation.points : defaults;
  const editable = own && !disabled;
  const key = (slot: number, cell: Cell) => `activationProfiles.${slot}.${cell}`;

  const onKeyDown = (blocked: Set<string>) => (e: KeyboardEvent<HTMLInputElement>) => {
    if (blocked.has(e.key)) e.preventDefault();
    // Enter confirms the value: leaving the cell completes its pair.
    if (e.key === 'Enter') e.currentTarget.blur();
  };

  const cellInput = (slot: number, cell: Cell, p: ActivationPointDraft) => (
    <NumberInput
      label={`${cell === 'sites' ? '# of Sites' : 'Days'} ${slot + 1}`}
      hiddenLabel
      compact
      width={76}
      value={p[cell]}
      disabled={!editable}
      message={own ? message(key(slot, cell)) : undefined}
      accept={cell === 'sites' ? acceptSites : acceptDays}
      onKeyDown={onKeyDown(cell === 'sites' ? BLOCKED_SITE_KEYS : BLOCKED_DAY_KEYS)}
      onChange={(v) => change([key(slot, cell)], (d) => withCell(d, slot, cell, v))}
      columnId={`activation-${slot}`}
      onBlur={(e) => {
        // Moving between the two cells of a column is not leaving it: only then is the pair completed.
        const to = e.relatedTarget instanceof HTMLElement ? e.relatedTarget.dataset.column : undefined;
        if (to !== `activation-${slot}`)
          change([key(slot, 'sites'), key(slot, 'days')], (d) => completed(d, slot));
      }}
    />
  );

  return (
    <section aria-labelledby="activation-profiles-title">
      <Typography id="activation-profiles-title" variant="subtitle1" component="h3">
        Activation Profiles
      </Typography>
      <FormControlLabel
        label="Override activation profile"
        control={
          <Checkbox
            checked={override}
            disabled={disabled || forcedOverride || resets}
            onChange={(e) => {
              const on = e.target.checked;
              // Overriding starts from the profile on screen (the default), so the user edits what they saw.
              change(
                defaults.flatMap((_, slot) => [key(slot, 'sites'), key(slot, 'days')]),
                (d) => ({
                  ...d,
                  activation: {
                    overrideFl: on,
                    points: on ? points.map((p) => ({ ...p })) : d.activation.points,
                  },
                }),
              );
            }}
          />
        }
      />
      <Typography variant="body2" color="text.secondary">
        {forcedOverride
          ? 'Remodel plans always use their own activation profile.'
          : 'Tick to edit the profile; otherwise the default profile for the number of activated sites is used.'}
      </Typography>
      {resets && (
        <Alert severity="info" sx={{ mt: 1 }}>
          {ACTIVATION_RESET_NOTE}
        </Alert>
      )}
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Activation profile" sx={PROFILE_TABLE}>
          <TableBody>
            <TableRow>
              <TableCell component="th" scope="row" />
              {points.map((p, slot) => (
                <TableCell key={slot}>{p.label ?? ''}</TableCell>
              ))}
            </TableRow>
            <TableRow>
              <TableCell component="th" scope="row">
                # of Sites
              </TableCell>
              {points.map((p, slot) => (
                <TableCell key={slot}>{cellInput(slot, 'sites', p)}</TableCell>
              ))}
            </TableRow>
            <TableRow>
              <TableCell component="th" scope="row">
                Days
              </TableCell>
              {points.map((p, slot) => (
                <TableCell key={slot}>{cellInput(slot, 'days', p)}</TableCell>
              ))}
            </TableRow>
            <TableRow>
              <TableCell component="th" scope="row">
                Date
              </TableCell>
              {points.map((p, slot) => {
                const days = numberOf(p.days);
                const date = fsivMillis !== null && days !== null ? fsivMillis + days * MS_PER_DAY : null;
                return (
                  <TableCell key={slot} sx={DATE_CELL}>
                    {days === null ? '' : formatPlanDate(date)}
                  </TableCell>
                );
              })}
            </TableRow>
          </TableBody>
        </Table>
      </Box>
      {own && message('activationProfiles.form') && (
        <Typography color="error" variant="body2" role="alert">
          {message('activationProfiles.form')}
        </Typography>
      )}
    </section>
  );
}

import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { acceptNumericText } from '@/features/plan-shell';
import { MONTH_LABELS } from '@/lib/format';
import { NumberInput } from './number-input';
import type { SectionProps } from './section-props';

const REFUSED = '\u0000';

/**
 * The step's numeric rule, plus a leading minus: a negative value stays as typed (with its range message) until the
 * field is left, where it becomes 0 (spec/1 section 5). Turning '-' into '0' at once made '-0.5' read '00.5'.
 */
export function acceptSeasonal(raw: string, previous: string): string {
  if (!raw.startsWith('-')) return acceptNumericText(raw, previous);
  const rest = acceptNumericText(raw.slice(1), REFUSED);
  return rest === REFUSED ? previous : `-${rest}`;
}

/** Leaving a month: a negative input becomes 0 (spec/1 section 5). */
export const settleSeasonal = (text: string) => (text.startsWith('-') ? '0' : text);

/** Monthly seasonal variation: one factor per month, 0 to 1 with at most 2 decimals, not all zero. */
export function SeasonalVariationSection({ draft, message, disabled, change }: SectionProps) {
  const form = message('enrollmentSeasonalVariations.form');
  const setMonth = (month: number, value: string) =>
    change([`enrollmentSeasonalVariations.${month}`, 'enrollmentSeasonalVariations.form'], (d) => ({
      ...d,
      seasonal: d.seasonal.map((s, m) => (m === month ? value : s)),
    }));
  return (
    <section aria-labelledby="seasonal-variation-title">
      <Typography id="seasonal-variation-title" variant="subtitle1" component="h3">
        Seasonal Variation
      </Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        The share of the usual enrollment rate reached in each month, from 0 to 1 (1 = no seasonal slowdown).
      </Typography>
      <Grid container spacing={1}>
        {MONTH_LABELS.map((month, i) => {
          const key = `enrollmentSeasonalVariations.${i}`;
          return (
            <Grid key={month} size={{ xs: 4, sm: 2, lg: 1 }}>
              <NumberInput
                label={month}
                value={draft.seasonal[i] ?? ''}
                message={message(key)}
                disabled={disabled}
                maxLength={4}
                accept={acceptSeasonal}
                onChange={(v) => setMonth(i, v)}
                onBlur={() => {
                  const value = draft.seasonal[i] ?? '';
                  if (settleSeasonal(value) !== value) setMonth(i, settleSeasonal(value));
                }}
              />
            </Grid>
          );
        })}
      </Grid>
      {form && (
        <Typography color="error" variant="body2" role="alert" sx={{ mt: 1 }}>
          {form}
        </Typography>
      )}
    </section>
  );
}

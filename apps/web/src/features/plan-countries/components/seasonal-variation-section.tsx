import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { acceptNumericText } from '@/features/plan-shell';
import { MONTH_LABELS } from '@/lib/format';
import { NumberInput } from './number-input';
import type { SectionProps } from './section-props';

/** A negative value becomes 0 (spec/1 section 5); otherwise the step's numeric rule. */
export const acceptSeasonal = (raw: string, previous: string) =>
  raw.trim().startsWith('-') ? '0' : acceptNumericText(raw, previous);

/** Monthly seasonal variation: one factor per month, 0 to 1 with at most 2 decimals, not all zero. */
export function SeasonalVariationSection({ draft, message, disabled, change }: SectionProps) {
  const form = message('enrollmentSeasonalVariations.form');
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
                onChange={(v) =>
                  change([key, 'enrollmentSeasonalVariations.form'], (d) => ({
                    ...d,
                    seasonal: d.seasonal.map((s, m) => (m === i ? v : s)),
                  }))
                }
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

import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { CountryDraft } from '../utils/country-draft';
import { NumberInput } from './number-input';
import type { SectionProps } from './section-props';

type FatigueField = keyof CountryDraft['fatigue'];

const FIELDS: { name: FatigueField; label: string; helperText: string }[] = [
  {
    name: 'eventualSiteEnrollmentDays',
    label: 'Days After Activation',
    helperText: 'Days from a site’s activation until its rate has fallen to the eventual rate.',
  },
  {
    name: 'eventualSiteEnrollmentRate',
    label: 'Eventual Enrollment Rate',
    helperText: 'A share of the former rate: 0.75 means 75% of the rate at activation.',
  },
];

/** Site fatigue: a site's rate falls linearly to the eventual share of its rate by the given day. */
export function SiteFatigueSection({ draft, message, disabled, change }: SectionProps) {
  return (
    <section aria-labelledby="site-fatigue-title">
      <Typography id="site-fatigue-title" variant="subtitle1" component="h3" gutterBottom>
        Site Fatigue
      </Typography>
      <Grid container spacing={2}>
        {FIELDS.map((f) => {
          const key = `siteFatigue.${f.name}`;
          return (
            <Grid key={f.name} size={{ xs: 12, sm: 6 }}>
              <NumberInput
                label={f.label}
                value={draft.fatigue[f.name]}
                message={message(key)}
                helperText={f.helperText}
                disabled={disabled}
                onChange={(v) => change([key], (d) => ({ ...d, fatigue: { ...d.fatigue, [f.name]: v } }))}
              />
            </Grid>
          );
        })}
      </Grid>
    </section>
  );
}

import Typography from '@mui/material/Typography';
import type { OverallRates } from '../utils/overall-rates';

/** The line above the enrollment charts: the 'Overall' row's rates (spec/1 section 2). */
export function OverallRatesLine({ rates }: { rates: OverallRates | null }) {
  if (!rates) return null;
  return (
    <Typography variant="body2">
      Enrollment Rate: <strong>{rates.enrollmentRate}</strong> patients/site/month
      <Sep />
      Screen Fail Rate: <strong>{rates.screenFailRate}</strong>
      <Sep />
      Drop Out Rate: <strong>{rates.dropOutRate}</strong>
    </Typography>
  );
}

const Sep = () => (
  <Typography component="span" color="text.disabled" sx={{ mx: 1.5 }} aria-hidden>
    |
  </Typography>
);

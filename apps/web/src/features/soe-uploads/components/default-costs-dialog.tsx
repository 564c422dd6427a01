import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  ASSESSMENT_DEFAULT_COST_TYPES as DEFAULT_COST_TYPES,
  COUNTRY_COST_MESSAGES as M,
  type AssessmentDefaultCostType as DefaultCostType,
} from '@predict/shared';
import { useId } from 'react';
import { LoadErrorAlert } from '@/components/load-state';
import { useDefaultCosts, type DefaultCostsOutcome } from '../hooks/use-default-costs';
import { DefaultCostsTable } from './default-costs-table';

export interface DefaultCostsDialogProps {
  studyId: number;
  soeId: number;
  siteGroupId: number;
  /** The country tab's label, e.g. 'FRA'. */
  countryLabel: string;
  onClose: () => void;
  /** Closing after the defaults were applied: reload the editor (instead of onClose). */
  onImported: () => void;
}

/**
 * Country Default Assessment Costs (spec/2 sections 2, 3 and 8): the country's default cost of each assessment
 * from the reference data, and the choice of the Max, Min or Avg figure to apply to the country's assessments.
 */
export function DefaultCostsDialog(p: DefaultCostsDialogProps) {
  const titleId = useId();
  const { rows, type, setType, busy, result, apply, empty } = useDefaultCosts(p);
  // The reload starts a fresh editor (closing this dialog): it waits until the user has read the outcome.
  const finish = result === 'imported' ? p.onImported : p.onClose;

  return (
    <Dialog open onClose={busy ? undefined : finish} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>Country Default Assessment Costs - {p.countryLabel}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {rows.error && (
            <LoadErrorAlert
              message="The default assessment costs could not be loaded."
              onRetry={() => void rows.refetch()}
            />
          )}
          {rows.isPending && <LinearProgress aria-label="Loading the default assessment costs" />}
          {empty && <Typography>{M.noDefaultCosts}</Typography>}
          {rows.data && rows.data.length > 0 && (
            <>
              <DefaultCostTypeField type={type} onChange={setType} disabled={busy} />
              <DefaultCostsTable rows={rows.data} type={type} />
            </>
          )}
          <DefaultCostsResult result={result} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={finish} disabled={busy}>
          {result === 'imported' ? 'Close' : 'Cancel'}
        </Button>
        {result !== 'imported' && (
          <Button
            variant="contained"
            onClick={() => void apply()}
            disabled={!rows.data || empty || busy}
            loading={busy}
          >
            Import {type}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** The choice of the Max, Min or Avg figure to apply. */
function DefaultCostTypeField({
  type,
  onChange,
  disabled,
}: {
  type: DefaultCostType;
  onChange: (type: DefaultCostType) => void;
  disabled: boolean;
}) {
  const labelId = useId();
  return (
    <div>
      <FormLabel id={labelId}>Cost to apply to the country's assessments</FormLabel>
      <RadioGroup
        row
        aria-labelledby={labelId}
        value={type}
        onChange={(e) => onChange(e.target.value as DefaultCostType)}
      >
        {DEFAULT_COST_TYPES.map((t) => (
          <FormControlLabel key={t} value={t} control={<Radio />} label={t} disabled={disabled} />
        ))}
      </RadioGroup>
    </div>
  );
}

/** How the last import ended (nothing before the first). */
function DefaultCostsResult({ result }: { result: DefaultCostsOutcome }) {
  if (result === 'imported') {
    return (
      <Alert severity="success" role="status">
        {M.imported}
      </Alert>
    );
  }
  if (result === 'failed') {
    return (
      <Alert severity="error" role="alert">
        {M.importFailed}
      </Alert>
    );
  }
  return null;
}

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
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  ASSESSMENT_DEFAULT_COST_TYPES as DEFAULT_COST_TYPES,
  COUNTRY_COST_MESSAGES as M,
  type AssessmentDefaultCostType as DefaultCostType,
} from '@predict/shared';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { LoadErrorAlert } from '@/components/load-state';
import { useNotify } from '@/components/snackbars';
import { applyDefaultCosts, defaultCostsQuery } from '../api/soe-uploads-api';

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

const COLUMN: Record<DefaultCostType, 'assessmentCostMAX' | 'assessmentCostMIN' | 'assessmentCostAVG'> = {
  Max: 'assessmentCostMAX',
  Min: 'assessmentCostMIN',
  Avg: 'assessmentCostAVG',
};
const amount = (n: number) =>
  n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Country Default Assessment Costs (spec/2 sections 2, 3 and 8): the country's default cost of each assessment
 * from the reference data, and the choice of the Max, Min or Avg figure to apply to the country's assessments.
 */
export function DefaultCostsDialog(p: DefaultCostsDialogProps) {
  const titleId = useId();
  const notify = useNotify();
  const rows = useQuery(defaultCostsQuery(p.soeId, p.siteGroupId));
  const [type, setType] = useState<DefaultCostType>('Avg');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<'imported' | 'failed' | null>(null);
  const empty = rows.data?.length === 0;
  // The reload starts a fresh editor (closing this dialog): it waits until the user has read the outcome.
  const finish = result === 'imported' ? p.onImported : p.onClose;

  const apply = async () => {
    setBusy(true);
    setResult(null);
    try {
      await applyDefaultCosts(p.studyId, {
        studyId: p.studyId,
        scheduleOfEventsId: p.soeId,
        siteGroupId: p.siteGroupId,
        assessmentDefaultCostType: type,
      });
      setResult('imported');
      notify.success(M.imported);
    } catch (error) {
      // A refused import reloads nothing (spec/2 section 8).
      console.error('Applying the default assessment costs failed.', error);
      setResult('failed');
      notify.error(M.importFailed);
    } finally {
      setBusy(false);
    }
  };

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
              <div>
                <FormLabel id={`${titleId}-type`}>Cost to apply to the country's assessments</FormLabel>
                <RadioGroup
                  row
                  aria-labelledby={`${titleId}-type`}
                  value={type}
                  onChange={(e) => setType(e.target.value as DefaultCostType)}
                >
                  {DEFAULT_COST_TYPES.map((t) => (
                    <FormControlLabel key={t} value={t} control={<Radio />} label={t} disabled={busy} />
                  ))}
                </RadioGroup>
              </div>
              <TableContainer sx={{ maxHeight: 360 }}>
                <Table size="small" stickyHeader aria-label="Default assessment costs">
                  <TableHead>
                    <TableRow>
                      <TableCell>Assessment</TableCell>
                      <TableCell>Type</TableCell>
                      {DEFAULT_COST_TYPES.map((t) => (
                        <TableCell key={t} align="right" sx={{ fontWeight: t === type ? 700 : undefined }}>
                          {t}
                        </TableCell>
                      ))}
                      <TableCell align="right">Data points</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {rows.data.map((r) => (
                      <TableRow key={r.assessmentName}>
                        <TableCell>{r.assessmentName}</TableCell>
                        <TableCell>{r.assessmentTypeDetail}</TableCell>
                        {DEFAULT_COST_TYPES.map((t) => (
                          <TableCell key={t} align="right" sx={{ fontWeight: t === type ? 700 : undefined }}>
                            {amount(r[COLUMN[t]])}
                          </TableCell>
                        ))}
                        <TableCell align="right">{r.countOfDataPoints}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            </>
          )}
          {result === 'imported' && (
            <Alert severity="success" role="status">
              {M.imported}
            </Alert>
          )}
          {result === 'failed' && (
            <Alert severity="error" role="alert">
              {M.importFailed}
            </Alert>
          )}
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

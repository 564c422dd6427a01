import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { exportFileName, type PlanComparison } from '@predict/shared';
import { useMemo, useState } from 'react';
import {
  bandName,
  enrollmentOverlayOption,
  lpiBox,
  lpiDistributionOption,
} from '../utils/compare-chart-options';
import { CompareChart } from './compare-chart';

/** The enrollment overlay (a band toggle per plan, all shown at first) and the LPI box plots, each with its PNG. */
export function CompareCharts({ comparison }: { comparison: PlanComparison }) {
  const { plans, projectId } = comparison;
  const [bands, setBands] = useState<ReadonlySet<number>>(() => new Set(plans.map((p) => p.studyPlanId)));
  const enrollment = useMemo(() => enrollmentOverlayOption(plans, bands), [plans, bands]);
  const lpi = useMemo(() => lpiDistributionOption(plans), [plans]);
  const toggle = (planId: number) =>
    setBands((prev) => {
      const next = new Set(prev);
      if (!next.delete(planId)) next.add(planId);
      return next;
    });
  const withoutLpi = plans.filter((p) => lpiBox(p) === null);

  return (
    <>
      <Paper component="section" aria-label="Enrollment chart" sx={{ p: 2 }}>
        <FormGroup row aria-label="P10-P90 bands shown">
          {plans.map((p) => (
            <FormControlLabel
              key={p.studyPlanId}
              control={
                <Checkbox
                  checked={bands.has(p.studyPlanId)}
                  onChange={() => toggle(p.studyPlanId)}
                  disabled={!p.enrollment}
                />
              }
              label={`${bandName(p)} band`}
            />
          ))}
        </FormGroup>
        <CompareChart
          option={enrollment}
          label={`Cumulative patients enrolled of ${plans.length} plans, P50 lines with P10-P90 bands`}
          fileName={exportFileName([projectId, 'comparison', 'enrollment'], 'png')}
        />
      </Paper>
      <Paper component="section" aria-label="LPI distribution chart" sx={{ p: 2 }}>
        <CompareChart
          option={lpi}
          label={`Last patient in distribution of ${plans.length} plans as box plots`}
          fileName={exportFileName([projectId, 'comparison', 'LPI distribution'], 'png')}
          height={80 + 60 * plans.length}
        />
        {withoutLpi.length > 0 && (
          <Typography variant="body2" color="text.secondary">
            {`No LPI distribution for ${withoutLpi.map((p) => p.studyPlanName).join(', ')}: the run keeps no ` +
              'P1..P99 of LPI (a sequential cohort plan, or a run stored before forecasts of record).'}
          </Typography>
        )}
      </Paper>
    </>
  );
}

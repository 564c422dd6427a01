import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { planTypeText, saveAsOptions, type StudyPlan } from '@predict/shared';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { forecastHistoryPath, planStepPath, studyPath } from '@/features/plan-shell';
import { statusLabel } from '@/features/plans';
import { useSimulationSaveAs } from '../hooks/use-simulation-save-as';

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Stack component="div" sx={{ minWidth: 140 }}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0 }}>
        {value || '—'}
      </Typography>
    </Stack>
  );
}

function SaveAsButton({ plan }: { plan: StudyPlan }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { choose, saving } = useSimulationSaveAs(plan);
  const options = saveAsOptions(plan.studyPlanTypeDetail);
  if (options.length === 0) return null;
  return (
    <>
      <Button
        variant="outlined"
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        endIcon={<ArrowDropDownIcon />}
        loading={saving}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        Save As
      </Button>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-label': 'Save As' } }}
      >
        {options.map((status) => (
          <MenuItem
            key={status}
            onClick={() => {
              setAnchor(null);
              void choose(status);
            }}
          >
            {status}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/**
 * The simulation screen's header (spec/1 section 2): the study and plan, Back to Study Plan List, Edit Study Plan
 * (View Study Plan when the user may not edit it), Forecast History (the plan's forecasts of record) and,
 * for editors, Save As with the statuses of the plan's type.
 */
export function SimulationHeader({ plan, readOnly }: { plan: StudyPlan; readOnly: boolean }) {
  const navigate = useNavigate();
  const editable = plan.isEditable && !readOnly;
  return (
    <Paper sx={{ p: 2 }}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { md: 'flex-start' } }}
      >
        <div>
          <Typography variant="h5" component="h1">
            Simulation: {plan.studyPlanName}
          </Typography>
          <Stack component="dl" direction="row" sx={{ flexWrap: 'wrap', gap: 2, m: 0, mt: 1 }}>
            <Detail label="Project ID" value={plan.projectId} />
            <Detail label="Study Name" value={plan.studyName} />
            <Detail label="Sponsor" value={plan.sponsorName} />
            <Detail label="Type" value={planTypeText(plan)} />
            <Detail label="Status" value={statusLabel(plan)} />
            <Detail label="Version" value={String(plan.studyPlanVersion)} />
          </Stack>
        </div>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', flexShrink: 0, alignItems: 'center' }}>
          <Button onClick={() => void navigate(studyPath(plan.studyId))}>Back to Study Plan List</Button>
          <Button
            onClick={() => void navigate(planStepPath(plan.studyId, plan.studyPlanId, editable ? 1 : 3))}
          >
            {editable ? 'Edit Study Plan' : 'View Study Plan'}
          </Button>
          <Button component={RouterLink} to={forecastHistoryPath(plan.studyId, plan.studyPlanId)}>
            Forecast History
          </Button>
          {!readOnly && <SaveAsButton plan={plan} />}
        </Stack>
      </Stack>
    </Paper>
  );
}

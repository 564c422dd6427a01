import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import { useConfirm } from '@/components/warning-dialog';
import { PLAN_STEP_DEFS, planStepPath, type PlanStep } from '../utils/plan-routes';

export const LEAVE_STEP_MESSAGE = 'You have unsaved changes. Leave this step without saving them?';

export interface PlanStepHeaderProps {
  studyId: number;
  /** The saved plan's id; null for a new plan, which cannot change steps before it is saved. */
  planId: number | null;
  active: PlanStep;
  /** Read-only users and saves in progress: no step navigation (spec/1 section 2). */
  disabled: boolean;
  /** Name, description and both dates as they are now; navigation waits until all are filled. */
  details: {
    name?: string | null;
    description?: string | null;
    croStart?: number | null;
    protocol?: number | null;
  };
  hasUnsavedChanges?: boolean;
}

/** True when the plan lacks something every step relies on: its id, name, description or either date. */
export function missingPlanDetails(planId: number | null, details: PlanStepHeaderProps['details']) {
  return (
    planId === null ||
    !details.name?.trim() ||
    !details.description?.trim() ||
    details.croStart === null ||
    details.croStart === undefined ||
    details.protocol === null ||
    details.protocol === undefined
  );
}

/** The three numbered steps of a plan; moving away from unsaved changes asks first. */
export function PlanStepHeader({
  studyId,
  planId,
  active,
  disabled,
  details,
  hasUnsavedChanges = false,
}: PlanStepHeaderProps) {
  const navigate = useNavigate();
  const confirm = useConfirm();
  const blocked = missingPlanDetails(planId, details);

  const go = async (step: PlanStep) => {
    if (step === active || disabled || blocked || planId === null) return;
    if (hasUnsavedChanges && !(await confirm(LEAVE_STEP_MESSAGE))) return;
    void navigate(planStepPath(studyId, planId, step));
  };

  return (
    <Paper component="nav" aria-label="Plan steps" sx={{ p: 2 }}>
      {/* Plain buttons rather than MUI's Stepper, whose non-linear steps are tabs: these move between pages. */}
      <Stack
        component="ol"
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ listStyle: 'none', m: 0, p: 0 }}
      >
        {PLAN_STEP_DEFS.map((def) => {
          const current = def.step === active;
          return (
            <li key={def.step}>
              <Button
                aria-label={`${def.step} ${def.label}`}
                aria-current={current ? 'step' : undefined}
                disabled={disabled || blocked}
                variant={current ? 'contained' : 'text'}
                onClick={() => void go(def.step)}
                startIcon={
                  <Box
                    component="span"
                    sx={{
                      width: 24,
                      height: 24,
                      borderRadius: '50%',
                      display: 'inline-flex',
                      alignItems: 'center',
                      justifyContent: 'center',
                      border: 1,
                      fontSize: 14,
                    }}
                  >
                    {def.step}
                  </Box>
                }
              >
                {def.label}
              </Button>
            </li>
          );
        })}
      </Stack>
      {blocked && !disabled && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          Save the plan with its name, description and both dates to move between steps.
        </Typography>
      )}
    </Paper>
  );
}

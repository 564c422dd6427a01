import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import { COMPARE_MAX_PLANS, COMPARE_MIN_PLANS, type StudyPlanListRow } from '@predict/shared';
import { createColumnHelper } from '@tanstack/react-table';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { comparePath } from '../utils/plan-paths';

const helper = createColumnHelper<StudyPlanListRow>();

/**
 * Only a plan whose latest run finished can be compared (the comparison reads stored results). The list knows the
 * latest run's status alone, so a plan whose newer run is still under way waits for it; the server decides anyway.
 */
export const isComparable = (plan: StudyPlanListRow) => plan.simOptRunStatus === 'COMPLETED_OK';

/** The ticked plans of the study page's list, in the order ticked (the first is the one compared with). */
export function useCompareSelection() {
  const [ticked, setTicked] = useState<readonly number[]>([]);
  const toggle = useCallback(
    (planId: number) =>
      setTicked((prev) => (prev.includes(planId) ? prev.filter((id) => id !== planId) : [...prev, planId])),
    [],
  );
  return { ticked, toggle };
}

/** The list's first column: a checkbox per plan, enabled for plans with a finished run. */
export function compareColumn(ticked: readonly number[], toggle: (planId: number) => void) {
  return helper.display({
    id: 'compare',
    header: 'Compare',
    cell: ({ row }) => {
      const plan = row.original;
      return (
        <Checkbox
          size="small"
          checked={ticked.includes(plan.studyPlanId)}
          disabled={!isComparable(plan)}
          onChange={() => toggle(plan.studyPlanId)}
          slotProps={{ input: { 'aria-label': `Compare ${plan.studyPlanName}` } }}
        />
      );
    },
  });
}

/** Opens the comparison of the ticked plans; enabled for 2 to 4. */
export function CompareButton({ studyId, ticked }: { studyId: number; ticked: readonly number[] }) {
  const navigate = useNavigate();
  const ready = ticked.length >= COMPARE_MIN_PLANS && ticked.length <= COMPARE_MAX_PLANS;
  return (
    <Button
      variant="outlined"
      disabled={!ready}
      title={`Tick ${COMPARE_MIN_PLANS} to ${COMPARE_MAX_PLANS} plans with a finished simulation run`}
      onClick={() => void navigate(comparePath(studyId, ticked))}
      sx={{ mr: 1 }}
    >
      Compare
    </Button>
  );
}

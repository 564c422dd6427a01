import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { StudyPlanListRow } from '@predict/shared';
import { combinationLabel } from '../utils/plan-rows';
import { PlanNameFields } from './plan-name-fields';
import { TransferList } from './transfer-list';

export interface CombinationValues {
  name: string;
  descr: string;
  selected: number[];
}

export const EMPTY_COMBINATION: CombinationValues = { name: '', descr: '', selected: [] };

/** Name, description and the transfer list of a new combination plan. */
export function CombinationFields({
  plans,
  values,
  errors,
  onChange,
}: {
  /** Only the plans a combination may be built from. */
  plans: readonly StudyPlanListRow[];
  values: CombinationValues;
  errors: Record<string, string>;
  onChange: (values: CombinationValues) => void;
}) {
  const items = plans.map((p) => ({ id: p.studyPlanId, label: combinationLabel(p) }));
  return (
    <Stack spacing={2} sx={{ mt: 1 }}>
      <PlanNameFields
        name={values.name}
        descr={values.descr}
        errors={errors}
        onName={(name) => onChange({ ...values, name })}
        onDescr={(descr) => onChange({ ...values, descr })}
      />
      <TransferList
        items={items}
        selected={values.selected}
        onChange={(selected) => onChange({ ...values, selected })}
        availableTitle="Available plans"
        selectedTitle="Selected plans"
      />
      {errors.plans !== undefined && (
        <Typography variant="caption" color="error" role="alert">
          {errors.plans}
        </Typography>
      )}
    </Stack>
  );
}

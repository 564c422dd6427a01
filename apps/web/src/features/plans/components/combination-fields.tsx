import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PLAN_DESCRIPTION_MAX, PLAN_NAME_MAX, type StudyPlanListRow } from '@predict/shared';
import { combinationLabel } from '../utils/plan-rows';
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
      <TextField
        label="Study Plan Name"
        required
        size="small"
        value={values.name}
        onChange={(e) => onChange({ ...values, name: e.target.value })}
        error={errors.studyPlanName !== undefined}
        helperText={errors.studyPlanName ?? `${values.name.length}/${PLAN_NAME_MAX}`}
        slotProps={{ htmlInput: { maxLength: PLAN_NAME_MAX } }}
      />
      <TextField
        label="Study Plan Description"
        required
        multiline
        minRows={2}
        size="small"
        value={values.descr}
        onChange={(e) => onChange({ ...values, descr: e.target.value })}
        error={errors.studyPlanDescr !== undefined}
        helperText={errors.studyPlanDescr ?? `${values.descr.length}/${PLAN_DESCRIPTION_MAX}`}
        slotProps={{ htmlInput: { maxLength: PLAN_DESCRIPTION_MAX } }}
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

import TextField from '@mui/material/TextField';
import { PLAN_DESCRIPTION_MAX, PLAN_NAME_MAX } from '@predict/shared';

/** The Study Plan Name and Description fields of a new plan (clone or combination), with their counters. */
export function PlanNameFields({
  name,
  descr,
  errors,
  onName,
  onDescr,
}: {
  name: string;
  descr: string;
  /** Messages by the request's field names (studyPlanName, studyPlanDescr). */
  errors: Partial<Record<string, string>>;
  onName: (name: string) => void;
  onDescr: (descr: string) => void;
}) {
  return (
    <>
      <TextField
        label="Study Plan Name"
        required
        size="small"
        value={name}
        onChange={(e) => onName(e.target.value)}
        error={errors.studyPlanName !== undefined}
        helperText={errors.studyPlanName ?? `${name.length}/${PLAN_NAME_MAX}`}
        slotProps={{ htmlInput: { maxLength: PLAN_NAME_MAX } }}
      />
      <TextField
        label="Study Plan Description"
        required
        multiline
        minRows={2}
        size="small"
        value={descr}
        onChange={(e) => onDescr(e.target.value)}
        error={errors.studyPlanDescr !== undefined}
        helperText={errors.studyPlanDescr ?? `${descr.length}/${PLAN_DESCRIPTION_MAX}`}
        slotProps={{ htmlInput: { maxLength: PLAN_DESCRIPTION_MAX } }}
      />
    </>
  );
}

import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { REMODEL_DESCRIPTION_MAX, REMODEL_NAME_MAX, type RemodelFormData } from '@predict/shared';
import { DateField } from '@/components/date-field';
import { formatDate, formatDecimal } from '@/lib/format';
import type { RemodelForm } from '../hooks/use-remodel-form';
import type { RateSelection } from '../utils/remodel-values';
import { ChoiceGroup } from './choice-group';
import { RateField } from './rate-field';

/** The new plan's name and description, each with its typed length against the limit until it has a message. */
function PlanNameFields({ form }: { form: RemodelForm }) {
  const { values, set, touch, errorOf } = form;
  const nameError = errorOf('studyPlanName');
  const descrError = errorOf('studyPlanDescr');
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <TextField
        label="Study Plan Name"
        value={values.studyPlanName}
        onChange={(e) => set('studyPlanName', e.target.value)}
        onBlur={() => touch('studyPlanName')}
        required
        error={Boolean(nameError)}
        helperText={nameError ?? `${values.studyPlanName.length}/${REMODEL_NAME_MAX}`}
        slotProps={{ htmlInput: { maxLength: REMODEL_NAME_MAX } }}
        sx={{ width: 420 }}
      />
      <TextField
        label="Study Plan Description"
        value={values.studyPlanDescr}
        onChange={(e) => set('studyPlanDescr', e.target.value)}
        onBlur={() => touch('studyPlanDescr')}
        required
        multiline
        minRows={1}
        maxRows={4}
        error={Boolean(descrError)}
        helperText={descrError ?? `${values.studyPlanDescr.length}/${REMODEL_DESCRIPTION_MAX}`}
        slotProps={{ htmlInput: { maxLength: REMODEL_DESCRIPTION_MAX } }}
        sx={{ flex: 1, minWidth: 320 }}
      />
    </Stack>
  );
}

/** Plan type 1: the overall enrollment rate, planned, actual or typed in ("Other"). */
function EnrollmentRateChoice({ data, form }: { data: RemodelFormData; form: RemodelForm }) {
  const { values, set, touch, errorOf } = form;
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
      <ChoiceGroup<RateSelection>
        label="Overall Enrollment Rate"
        value={values.enrollmentRateSelection}
        onChange={(v) => set('enrollmentRateSelection', v)}
        choices={[
          { value: 1, label: `Planned (${formatDecimal(data.enrollmentRatePlanned, 2)})` },
          { value: 2, label: `Actual (${formatDecimal(data.enrollmentRateActual, 2)})` },
          { value: 3, label: 'Other' },
        ]}
      />
      {values.enrollmentRateSelection === 3 && (
        <RateField
          label="Other Enrollment Rate"
          value={values.enrollmentRateOther}
          onChange={(t) => set('enrollmentRateOther', t)}
          onBlur={() => touch('enrollmentRateOther')}
          required
          error={Boolean(errorOf('enrollmentRateOther'))}
          helperText={errorOf('enrollmentRateOther') ?? 'Patients / site / month'}
        />
      )}
    </Stack>
  );
}

/** Plan type 2: the overall enrollment duration, the planned last patient in or a date typed in ("Other"). */
function EnrollmentDurationChoice({ data, form }: { data: RemodelFormData; form: RemodelForm }) {
  const { values, set, touch, errorOf } = form;
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
      <ChoiceGroup<1 | 2>
        label="Overall Enrollment Duration"
        value={values.overallEnrollmentDurationSelection}
        onChange={(v) => set('overallEnrollmentDurationSelection', v)}
        error={errorOf('overallEnrollmentDurationSelection')}
        choices={[
          {
            value: 1,
            label: `Planned (LPI ${formatDate(data.lastPatientEnrolledDateMillisPlanned, 'DD/MMM/YYYY')})`,
          },
          { value: 2, label: 'Other' },
        ]}
      />
      {values.overallEnrollmentDurationSelection === 2 && (
        <DateField
          label="Last Patient Enrolled Date"
          value={values.lastPatientEnrolledDateOther}
          onChange={(day) => set('lastPatientEnrolledDateOther', day)}
          onBlur={() => touch('lastPatientEnrolledDateMillisOther')}
          required
          size="small"
          min={data.asOfDate}
          error={Boolean(errorOf('lastPatientEnrolledDateMillisOther'))}
          helperText={errorOf('lastPatientEnrolledDateMillisOther')}
        />
      )}
    </Stack>
  );
}

/** The new plan itself (spec/3 section 2): what it re-forecasts, its name, and its type with that type's input. */
export function RemodelPlanSection({ data, form }: { data: RemodelFormData; form: RemodelForm }) {
  const { values, set } = form;
  return (
    <Paper sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          Re-forecast of {data.baselineStudyPlanName} from the actuals as of {formatDate(data.asOfDate)}.
        </Typography>
        <PlanNameFields form={form} />
        <ChoiceGroup<1 | 2>
          label="Plan Type"
          value={values.studyPlanType}
          onChange={(v) => set('studyPlanType', v)}
          choices={[
            { value: 1, label: '1 Enrollment Rates' },
            { value: 2, label: '2 Overall Enrollment Duration' },
          ]}
        />
        {values.studyPlanType === 1 ? (
          <EnrollmentRateChoice data={data} form={form} />
        ) : (
          <EnrollmentDurationChoice data={data} form={form} />
        )}
      </Stack>
    </Paper>
  );
}

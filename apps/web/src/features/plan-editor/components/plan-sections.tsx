import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { isEmptyInput, PLAN_FORM_FIELDS as F } from '@predict/shared';
import { PLAN_DESCRIPTION_MAX, PLAN_NAME_MAX } from '@predict/shared';
import type { ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { PlanFormModel, PlanKind } from '../utils/plan-form-model';
import { CountedTextField, DateField, NumericField } from './form-fields';

/** The message to show under a field (live rule or the server's), by its form path. */
export type ErrorFor = (field: string) => string | undefined;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper component="section" id={id} aria-labelledby={`${id}-title`} sx={{ p: 2 }}>
      <Typography id={`${id}-title`} variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      <Grid container spacing={2}>
        {children}
      </Grid>
    </Paper>
  );
}

const Cell = ({ children, wide = false }: { children: ReactNode; wide?: boolean }) => (
  <Grid size={wide ? 12 : { xs: 12, sm: 6, md: 4 }}>{children}</Grid>
);

export function DetailsSection({ errorFor, disabled }: { errorFor: ErrorFor; disabled: boolean }) {
  return (
    <Section id="details" title="Details">
      <Cell wide>
        <CountedTextField
          name="studyPlanName"
          label="Study Plan Name"
          max={PLAN_NAME_MAX}
          error={errorFor('studyPlanName')}
          disabled={disabled}
        />
      </Cell>
      <Cell wide>
        <CountedTextField
          name="studyPlanDescr"
          label="Description"
          max={PLAN_DESCRIPTION_MAX}
          multiline
          error={errorFor('studyPlanDescr')}
          disabled={disabled}
        />
      </Cell>
      <Cell>
        <DateField
          name="croProjectStartDateMillis"
          label="CRO Project Start Date"
          error={errorFor('croProjectStartDateMillis')}
          disabled={disabled}
        />
      </Cell>
      <Cell>
        <DateField
          name="finalProtocolStartDateMillis"
          label="Final Protocol Start Date"
          error={errorFor('finalProtocolStartDateMillis')}
          disabled={disabled}
        />
      </Cell>
    </Section>
  );
}

/**
 * The overall inputs; the plan's kind picks the fields (spec/1 section 2). A rate and the patient count it can be
 * derived from are alternatives: once one is filled the other is disabled (spec/1 section 4).
 */
export function OverallInputsSection({
  kind,
  errorFor,
  disabled,
}: {
  kind: PlanKind;
  errorFor: ErrorFor;
  disabled: boolean;
}) {
  const { control } = useFormContext<PlanFormModel>();
  const [screenFail, enrolled, dropOut, treated] = useWatch({
    control,
    name: ['screenFailRate', F.patientsEnrolled, 'dropOutRate', F.patientsCompletingTreatment],
  });
  // Disable only the empty one of a pair: if both hold values (from an older save) both stay editable to fix it.
  const other = (self: string, partner: string) => isEmptyInput(self) && !isEmptyInput(partner);
  const field = (name: Parameters<typeof NumericField>[0]['name'], label: string, extra = {}) => (
    <NumericField name={name} label={label} error={errorFor(name)} disabled={disabled} {...extra} />
  );

  return (
    <Section id="overall-inputs" title="Overall Inputs">
      <Cell>
        {field(
          F.sitesToActivate,
          'Sites to Activate',
          kind.scenario === 'scenario-b' ? { helperText: 'Lower bound' } : {},
        )}
      </Cell>
      {kind.scenario === 'scenario-b' && (
        <Cell>{field('parameters.SITES_TO_ACTIVATE.upperBound', 'Sites to Activate (Upper Bound)')}</Cell>
      )}
      <Cell>{field(F.subjectsToScreen, 'Subjects to Screen')}</Cell>
      {kind.scenario === 'scenario-a' && (
        <Cell>{field('enrollmentRate', 'Enrollment Rate', { helperText: 'patients/site/month' })}</Cell>
      )}
      {kind.scenario === 'scenario-b' && !kind.sequential && (
        <Cell>
          {field('overallEnrollmentDuration', 'Overall Enrollment Duration', { helperText: 'months' })}
        </Cell>
      )}
      <Cell>{field('screeningPeriodDuration', 'Screening Duration', { helperText: 'days' })}</Cell>
      <Cell>{field('treatmentDuration', 'Treatment Duration', { helperText: 'days' })}</Cell>
      <Cell>{field('followUpDuration', 'Follow-up Duration', { helperText: 'days' })}</Cell>
      <Cell>
        {field('screenFailRate', 'Screen Fail Rate', { disabled: disabled || other(screenFail, enrolled) })}
      </Cell>
      <Cell>
        {field(F.patientsEnrolled, 'Patients Enrolled', {
          disabled: disabled || other(enrolled, screenFail),
        })}
      </Cell>
      <Cell>{field('dropOutRate', 'Drop-out Rate', { disabled: disabled || other(dropOut, treated) })}</Cell>
      <Cell>
        {field(F.patientsCompletingTreatment, 'Patients Completing Treatment', {
          disabled: disabled || other(treated, dropOut),
        })}
      </Cell>
      <Cell>{field(F.patientsCompletingFollowUp, 'Patients Completing Follow-up')}</Cell>
      {!kind.sequential && (
        <>
          <Cell>{field('pauseEnrollmentAfterPatient', 'Pause Enrollment After Patient #')}</Cell>
          <Cell>{field('pauseEnrollmentDays', 'Resume Screening After (days)')}</Cell>
        </>
      )}
    </Section>
  );
}

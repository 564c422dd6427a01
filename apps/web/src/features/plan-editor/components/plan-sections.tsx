import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  CLOSE_OUT_FIELDS,
  isEmptyInput,
  PLAN_FORM_FIELDS as F,
  step1Field,
  STEP1_FIELDS,
  STEP1_TARGETS,
  type Step1Field,
} from '@predict/shared';
import { PLAN_DESCRIPTION_MAX, PLAN_NAME_MAX } from '@predict/shared';
import type { ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  type PlanFormModel,
  type PlanKind,
  CountedTextField,
  DateField,
  NumericField,
} from '@/features/plan-shell';

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

/** A step-1 field's label and unit, or a target's label, from the shared step-1 field list, by form path. */
const step1Label = (name: string): { label?: string; unit?: string } => {
  const field: Step1Field | undefined = STEP1_FIELDS.find((f) => f.key === name);
  if (field) return { label: field.label, unit: field.unit };
  return { label: STEP1_TARGETS.find((t) => F[t.key] === name)?.label };
};

const Cell = ({ children, wide = false }: { children: ReactNode; wide?: boolean }) => (
  <Grid size={wide ? 12 : { xs: 12, sm: 6, md: 4 }}>{children}</Grid>
);

export function DetailsSection({ errorFor, disabled }: { errorFor: ErrorFor; disabled: boolean }) {
  return (
    <Section id="details" title="Details">
      <Cell wide>
        <CountedTextField
          name="studyPlanName"
          label={step1Field('studyPlanName').label}
          max={PLAN_NAME_MAX}
          error={errorFor('studyPlanName')}
          disabled={disabled}
        />
      </Cell>
      <Cell wide>
        <CountedTextField
          name="studyPlanDescr"
          label={step1Field('studyPlanDescr').label}
          max={PLAN_DESCRIPTION_MAX}
          multiline
          error={errorFor('studyPlanDescr')}
          disabled={disabled}
        />
      </Cell>
      <Cell>
        <DateField
          name="croProjectStartDateMillis"
          label={step1Field('croProjectStartDateMillis').label}
          error={errorFor('croProjectStartDateMillis')}
          disabled={disabled}
        />
      </Cell>
      <Cell>
        <DateField
          name="finalProtocolStartDateMillis"
          label={step1Field('finalProtocolStartDateMillis').label}
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
  // Label and unit come from the shared step-1 field list unless the call gives a label.
  const field = (name: Parameters<typeof NumericField>[0]['name'], extra = {}, label?: string) => {
    const known = step1Label(name);
    return (
      <NumericField
        name={name}
        label={label ?? known.label ?? name}
        error={errorFor(name)}
        disabled={disabled}
        {...(known.unit ? { helperText: known.unit } : {})}
        {...extra}
      />
    );
  };

  return (
    <Section id="overall-inputs" title="Overall Inputs">
      <Cell>
        {field(F.sitesToActivate, kind.scenario === 'scenario-b' ? { helperText: 'Lower bound' } : {})}
      </Cell>
      {kind.scenario === 'scenario-b' && (
        <Cell>{field('parameters.SITES_TO_ACTIVATE.upperBound', {}, 'Sites to Activate (Upper Bound)')}</Cell>
      )}
      <Cell>{field(F.subjectsToScreen)}</Cell>
      {kind.scenario === 'scenario-a' && <Cell>{field('enrollmentRate')}</Cell>}
      {kind.scenario === 'scenario-b' && !kind.sequential && (
        <Cell>{field('overallEnrollmentDuration')}</Cell>
      )}
      <Cell>{field('screeningPeriodDuration')}</Cell>
      <Cell>{field('treatmentDuration')}</Cell>
      <Cell>{field('followUpDuration')}</Cell>
      <Cell>{field('screenFailRate', { disabled: disabled || other(screenFail, enrolled) })}</Cell>
      <Cell>
        {field(F.patientsEnrolled, {
          disabled: disabled || other(enrolled, screenFail),
        })}
      </Cell>
      <Cell>{field('dropOutRate', { disabled: disabled || other(dropOut, treated) })}</Cell>
      <Cell>
        {field(F.patientsCompletingTreatment, {
          disabled: disabled || other(treated, dropOut),
        })}
      </Cell>
      <Cell>{field(F.patientsCompletingFollowUp)}</Cell>
      {!kind.sequential && (
        <>
          <Cell>{field('pauseEnrollmentAfterPatient')}</Cell>
          <Cell>{field('pauseEnrollmentDays')}</Cell>
        </>
      )}
      {/*
        The close-out after the last visit (TFED), the timeline's last three spans, prefilled for a new plan: a
        group of its own, last. Among the other inputs the three fell on two rows beside the screen-fail rate in
        duration plans, and their abbreviations went unexplained.
      */}
      <Grid size={12} role="group" aria-labelledby="close-out-title" aria-describedby="close-out-note">
        <Typography id="close-out-title" variant="subtitle1" component="h3">
          Close-out
        </Typography>
        <Typography id="close-out-note" variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          Days from the last patient&apos;s last visit (TFED) to the database lock (DB Lock), from the lock to
          the clinical study report (CSR), and from the report to the closed and returned trial master file
          (TMF Close).
        </Typography>
        <Grid container spacing={2}>
          {CLOSE_OUT_FIELDS.map((c) => (
            <Cell key={c.key}>{field(c.key, { helperText: c.unit }, c.label)}</Cell>
          ))}
        </Grid>
      </Grid>
    </Section>
  );
}

import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { CountryGoalName } from '@predict/shared';
import { useRef } from 'react';
import type { CountryDraft, InputScalar } from '../utils/country-draft';
import { NumberInput } from './number-input';
import type { SectionProps } from './section-props';

type Field =
  | { kind: 'scalar'; name: InputScalar; label: string; helperText?: string }
  | { kind: 'bound'; name: CountryGoalName; bound: 'lowerBound' | 'upperBound'; label: string };

const bound = (name: CountryGoalName, what: string, upper: boolean): Field[] => [
  { kind: 'bound', name, bound: 'lowerBound', label: `${what} (Lower Bound)` },
  ...(upper ? [{ kind: 'bound', name, bound: 'upperBound', label: `${what} (Upper Bound)` } as Field] : []),
];

/**
 * The inputs of the tab in display order. Patient counts are ranges in both scenarios (the shared rules check
 * both bounds); activated sites are a range in scenario B only; sequential plans have no pause.
 */
function fieldsOf(scenarioB: boolean, sequential: boolean): Field[] {
  return [
    {
      kind: 'scalar',
      name: 'siteEnrollmentRateAtSIV',
      label: 'Enrollment Rate',
      helperText: 'patients/site/month',
    },
    ...bound('NUM_SITES_ACTIVATED', 'Number of Activated Sites', scenarioB),
    ...bound('NUM_SUBJECTS_SCREENED', 'Patients Screened', true),
    ...bound('NUM_SUBJECTS_ENROLLED', 'Patients Enrolled', true),
    ...bound('NUM_SUBJECTS_TREATED', 'Patients Completing Treatment', true),
    ...bound('NUM_SUBJECTS_COMPLETED', 'Patients Completing Follow-Up', true),
    { kind: 'scalar', name: 'expectedScreenFailureRate', label: 'Screen Fail Rate' },
    { kind: 'scalar', name: 'expectedTreatmentDropoutRate', label: 'Drop-out Rate' },
    ...(sequential
      ? []
      : ([
          { kind: 'scalar', name: 'pauseEnrollmentAfterPatient', label: 'Pause Enrollment After Patient #' },
          { kind: 'scalar', name: 'pauseEnrollmentDays', label: 'Resume Screening After (days)' },
        ] as Field[])),
  ];
}

const keyOf = (f: Field) =>
  f.kind === 'scalar' ? `countryInputs.${f.name}` : `countryInputs.${f.name}.${f.bound}`;
const valueOf = (d: CountryDraft, f: Field) =>
  f.kind === 'scalar' ? d.inputs[f.name] : d.inputs[f.name][f.bound];

function withValue(d: CountryDraft, f: Field, value: string): CountryDraft {
  if (f.kind === 'scalar') return { ...d, inputs: { ...d.inputs, [f.name]: value } };
  return { ...d, inputs: { ...d.inputs, [f.name]: { ...d.inputs[f.name], [f.bound]: value } } };
}

const filled = (...values: string[]) => values.some((v) => v.trim() !== '');

/**
 * Only one of screen fail rate or patients enrolled can be filled, and only one of drop-out rate or patients
 * completing treatment (spec/1 section 4): filling one disables the other.
 */
function lockedBy(d: CountryDraft, f: Field): boolean {
  const i = d.inputs;
  if (f.kind === 'scalar' && f.name === 'expectedScreenFailureRate')
    return filled(i.NUM_SUBJECTS_ENROLLED.lowerBound, i.NUM_SUBJECTS_ENROLLED.upperBound);
  if (f.kind === 'scalar' && f.name === 'expectedTreatmentDropoutRate')
    return filled(i.NUM_SUBJECTS_TREATED.lowerBound, i.NUM_SUBJECTS_TREATED.upperBound);
  if (f.kind === 'bound' && f.name === 'NUM_SUBJECTS_ENROLLED') return filled(i.expectedScreenFailureRate);
  if (f.kind === 'bound' && f.name === 'NUM_SUBJECTS_TREATED') return filled(i.expectedTreatmentDropoutRate);
  return false;
}

export interface CountryInputsSectionProps extends SectionProps {
  scenarioB: boolean;
  sequential: boolean;
  /**
   * Called when an activated-sites bound was changed and left: resolves false to take the change back (the
   * activation profile resets to the default for the new count, spec/1 section 4).
   */
  confirmSitesChange: () => Promise<boolean>;
}

/** Country inputs: the country's rate, site and patient bounds, rates and pause (spec/1 section 5). */
export function CountryInputsSection({
  draft,
  message,
  disabled,
  change,
  scenarioB,
  sequential,
  confirmSitesChange,
}: CountryInputsSectionProps) {
  // The activated-sites value when the field was entered: Cancel in the warning goes back to it.
  const sitesBefore = useRef<string | null>(null);
  const fields = fieldsOf(scenarioB, sequential);

  const leaveSites = async (f: Field) => {
    const before = sitesBefore.current;
    sitesBefore.current = null;
    if (before === null || before === valueOf(draft, f)) return;
    if (!(await confirmSitesChange())) change([keyOf(f)], (d) => withValue(d, f, before));
  };

  return (
    <section aria-labelledby="country-inputs-title">
      <Typography id="country-inputs-title" variant="subtitle1" component="h3" gutterBottom>
        Country Inputs
      </Typography>
      <Grid container spacing={2}>
        {fields.map((f) => {
          const sites = f.kind === 'bound' && f.name === 'NUM_SITES_ACTIVATED';
          return (
            <Grid key={keyOf(f)} size={{ xs: 12, sm: 6, md: 3 }}>
              <NumberInput
                labelAbove
                label={f.label}
                value={valueOf(draft, f)}
                message={message(keyOf(f))}
                helperText={f.kind === 'scalar' ? f.helperText : undefined}
                disabled={disabled || lockedBy(draft, f)}
                onChange={(v) => {
                  if (sites && sitesBefore.current === null) sitesBefore.current = valueOf(draft, f);
                  change([keyOf(f)], (d) => withValue(d, f, v));
                }}
                onBlur={sites ? () => void leaveSites(f) : undefined}
              />
            </Grid>
          );
        })}
      </Grid>
    </section>
  );
}

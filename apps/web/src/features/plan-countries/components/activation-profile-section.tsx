import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import type { ActivationPointDraft } from '../utils/country-draft';
import { ActivationOverrideToggle } from './activation-override-toggle';
import { ActivationProfileTable } from './activation-profile-table';
import type { SectionProps } from './section-props';

export { acceptDays, acceptSites } from './activation-point-input';

export interface ActivationProfileSectionProps extends SectionProps {
  /** The default profile for the country's sites, shown while override is off. */
  defaults: ActivationPointDraft[];
  /** Remodel plans always override, and cannot untick (spec/1 section 4). */
  forcedOverride: boolean;
  /** The first site activation (FSIV) date: point dates are that date plus the point's days. */
  fsivMillis: number | null;
  /** The site count changed since the plan was saved: saving stores `defaults`, so they show, read-only. */
  resets?: boolean;
}

export const ACTIVATION_RESET_NOTE =
  'The number of activated sites changed: Save Draft stores the default profile shown here for the new number. ' +
  'Save the plan before overriding it.';

/**
 * Activation profiles (spec/1 sections 4 and 5): up to 11 columns of cumulative '# of Sites' reached after 'Days'
 * since the first site activation. Without the country's override the default profile shows, read-only.
 */
export function ActivationProfileSection({
  draft,
  message,
  disabled,
  change,
  defaults,
  forcedOverride,
  fsivMillis,
  resets = false,
}: ActivationProfileSectionProps) {
  const override = draft.activation.overrideFl;
  // What is shown is what Save Draft stores: the country's own points only while they are kept.
  const own = override && !resets;
  const points = own ? draft.activation.points : defaults;

  return (
    <section aria-labelledby="activation-profiles-title">
      <Typography id="activation-profiles-title" variant="subtitle1" component="h3">
        Activation Profiles
      </Typography>
      <ActivationOverrideToggle
        override={override}
        disabled={disabled || forcedOverride || resets}
        defaults={defaults}
        points={points}
        change={change}
      />
      <Typography variant="body2" color="text.secondary">
        {forcedOverride
          ? 'Remodel plans always use their own activation profile.'
          : 'Tick to edit the profile; otherwise the default profile for the number of activated sites is used.'}
      </Typography>
      {resets && (
        <Alert severity="info" sx={{ mt: 1 }}>
          {ACTIVATION_RESET_NOTE}
        </Alert>
      )}
      <ActivationProfileTable
        points={points}
        fsivMillis={fsivMillis}
        editable={own && !disabled}
        showMessage={own}
        message={message}
        change={change}
      />
      {own && message('activationProfiles.form') && (
        <Typography color="error" variant="body2" role="alert">
          {message('activationProfiles.form')}
        </Typography>
      )}
    </section>
  );
}

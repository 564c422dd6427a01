import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { activationKey } from '../utils/activation-cells';
import type { ActivationPointDraft } from '../utils/country-draft';
import type { SectionProps } from './section-props';

export interface ActivationOverrideToggleProps extends Pick<SectionProps, 'change'> {
  override: boolean;
  disabled: boolean;
  /** The default profile: its columns are the fields whose server messages a toggle clears. */
  defaults: ActivationPointDraft[];
  /** The profile on screen. */
  points: ActivationPointDraft[];
}

/** 'Override activation profile': ticking it makes the country's profile its own. */
export function ActivationOverrideToggle({
  override,
  disabled,
  defaults,
  points,
  change,
}: ActivationOverrideToggleProps) {
  return (
    <FormControlLabel
      label="Override activation profile"
      control={
        <Checkbox
          checked={override}
          disabled={disabled}
          onChange={(e) => {
            const on = e.target.checked;
            // Overriding starts from the profile on screen (the default), so the user edits what they saw.
            change(
              defaults.flatMap((_, slot) => [activationKey(slot, 'sites'), activationKey(slot, 'days')]),
              (d) => ({
                ...d,
                activation: {
                  overrideFl: on,
                  points: on ? points.map((p) => ({ ...p })) : d.activation.points,
                },
              }),
            );
          }}
        />
      }
    />
  );
}

import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId, type ReactNode } from 'react';

export interface Choice<V extends number> {
  value: V;
  label: ReactNode;
  disabled?: boolean;
}

/** A labelled row of radio buttons (arrow keys move between them) for the form's numeric selections. */
export function ChoiceGroup<V extends number>({
  label,
  value,
  choices,
  onChange,
  error,
}: {
  label: string;
  value: V;
  choices: Choice<V>[];
  onChange: (value: V) => void;
  error?: string;
}) {
  const id = useId();
  return (
    <FormControl error={Boolean(error)}>
      <FormLabel id={id}>{label}</FormLabel>
      <RadioGroup
        row
        aria-labelledby={id}
        value={String(value)}
        onChange={(e) => onChange(Number(e.target.value) as V)}
      >
        {choices.map((c) => (
          <FormControlLabel
            key={c.value}
            value={String(c.value)}
            control={<Radio size="small" />}
            label={c.label}
            disabled={c.disabled}
          />
        ))}
      </RadioGroup>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}

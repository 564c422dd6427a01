import TextField from '@mui/material/TextField';
import { SOE_LIMITS, SOE_MESSAGES, SoeRiskInput } from '@predict/shared';
import type { KeyboardEvent } from 'react';
import { useNumberText } from './number-text';

const scoreSchema = SoeRiskInput.shape.riskAssessmentRiskScore;
const STEP = 0.1;

export interface RiskScoreInputProps {
  value: number | null;
  label: string;
  readOnly: boolean;
  /** Called with the score, null while the text is empty or invalid. */
  onChange: (score: number | null) => void;
  onValidityChange?: (valid: boolean) => void;
}

/** A risk score, 0 to 3.0 in steps of 0.1; Arrow Up / Down step by 0.1 within the range. */
export function RiskScoreInput({ value, label, readOnly, onChange, onValidityChange }: RiskScoreInputProps) {
  const { text, setText, read, valid } = useNumberText(value, scoreSchema);

  const change = (next: string) => {
    setText(next);
    const now = read(next);
    if (now.value !== value) onChange(now.value);
    if (now.valid !== valid) onValidityChange?.(now.valid);
  };

  const step = (e: KeyboardEvent, direction: 1 | -1) => {
    e.preventDefault();
    const from = read(text).value ?? 0;
    const next = Math.min(
      SOE_LIMITS.riskScoreMax,
      Math.max(0, Math.round((from + direction * STEP) * 10) / 10),
    );
    change(String(next));
  };

  return (
    <TextField
      value={text}
      onChange={(e) => change(e.target.value)}
      onKeyDown={(e) => {
        if (readOnly) return;
        if (e.key === 'ArrowUp') step(e, 1);
        else if (e.key === 'ArrowDown') step(e, -1);
      }}
      disabled={readOnly}
      error={!valid}
      helperText={valid ? undefined : SOE_MESSAGES.riskScore}
      size="small"
      placeholder="0.0"
      sx={{ width: 120 }}
      slotProps={{
        htmlInput: { 'aria-label': label, inputMode: 'decimal', autoComplete: 'off', maxLength: 6 },
      }}
    />
  );
}

import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { SOE_MESSAGES, SoeCurrencyInput } from '@predict/shared';
import { CurrencyPicker } from '@/features/soe';
import { useNumberText } from './number-text';

const rateSchema = SoeCurrencyInput.shape.exchangeRate;

export interface LevelCurrencyValue {
  currency: string | null;
  exchangeRate: number | null;
}

export interface LevelCurrencyFieldProps {
  /** The level's own currency and rate; null means inherited from the level above. */
  currency: string | null;
  exchangeRate: number | null;
  /** What the level uses now (its own or inherited), shown while its own value is empty. */
  effectiveCurrency: string;
  effectiveExchangeRate: number | null;
  /** The rate is a number above 0 with up to 4 decimals, null while the text is empty or invalid. */
  onChange: (value: LevelCurrencyValue) => void;
  /** Told when the rate text turns invalid, and valid again. */
  onValidityChange?: (valid: boolean) => void;
  /** Default true. */
  showExchangeRate?: boolean;
  /** Default true (empty = inherit); false where a currency is required (the study level, the SOE currency). */
  clearable?: boolean;
  readOnly?: boolean;
}

/** A level's currency and exchange rate (spec/2 sections 5, 9); empty values inherit from the level above. */
export function LevelCurrencyField(props: LevelCurrencyFieldProps) {
  const { currency, exchangeRate, onChange, onValidityChange, readOnly, showExchangeRate = true } = props;
  const { text, setText, read, valid } = useNumberText(exchangeRate, rateSchema);
  const inherited = currency === null ? `Inherited: ${props.effectiveCurrency}` : undefined;

  const changeRate = (next: string) => {
    setText(next);
    const now = read(next);
    if (now.value !== exchangeRate) onChange({ currency, exchangeRate: now.value });
    if (now.valid !== valid) onValidityChange?.(now.valid);
  };

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <CurrencyPicker
        value={currency}
        onChange={(code) => onChange({ currency: code, exchangeRate })}
        disabled={readOnly}
        clearable={props.clearable ?? true}
        placeholder={props.effectiveCurrency}
        helperText={inherited}
      />
      {showExchangeRate && (
        <TextField
          label="Exchange Rate"
          value={text}
          onChange={(e) => changeRate(e.target.value)}
          disabled={readOnly}
          error={!valid}
          helperText={valid ? undefined : SOE_MESSAGES.exchangeRate}
          placeholder={props.effectiveExchangeRate === null ? undefined : String(props.effectiveExchangeRate)}
          size="small"
          sx={{ width: 160 }}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { inputMode: 'decimal', autoComplete: 'off', maxLength: 16 },
          }}
        />
      )}
    </Stack>
  );
}

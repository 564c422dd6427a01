import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  SUPPLY_CONFIDENCES,
  SUPPLY_LEAD_WEEKS_MAX,
  SUPPLY_SITE_STOCK_MAX,
  type SoeSupplyCountry,
} from '@predict/shared';
import type { SupplySettingsErrors, SupplySettingsValues } from '../hooks/use-supply-settings';

/** The tab's settings (confidence, lead time, initial stock per site) and the country shown. */
export function SupplySettings({
  values,
  errors,
  onChange,
  countries,
  country,
  onCountry,
}: {
  values: SupplySettingsValues;
  errors: SupplySettingsErrors;
  onChange: (patch: Partial<SupplySettingsValues>) => void;
  countries: readonly SoeSupplyCountry[];
  country: number;
  onCountry: (index: number) => void;
}) {
  const number = (max: number) => ({ htmlInput: { min: 0, max, step: 1, inputMode: 'numeric' as const } });
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}>
      <TextField
        select
        label="Confidence"
        value={values.confidence}
        onChange={(e) => onChange({ confidence: Number(e.target.value) })}
        sx={{ width: 140 }}
        helperText="Demand the shipments cover"
      >
        {SUPPLY_CONFIDENCES.map((c) => (
          <MenuItem key={c.value} value={c.value}>
            {c.label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="Lead time (weeks)"
        type="number"
        value={values.leadWeeks}
        onChange={(e) => onChange({ leadWeeks: e.target.value })}
        error={Boolean(errors.leadWeeks)}
        helperText={errors.leadWeeks ?? 'Stock covers this far ahead'}
        slotProps={number(SUPPLY_LEAD_WEEKS_MAX)}
        sx={{ width: 220 }}
      />
      <TextField
        label="Initial stock per site (kits)"
        type="number"
        value={values.siteStock}
        onChange={(e) => onChange({ siteStock: e.target.value })}
        error={Boolean(errors.siteStock)}
        helperText={errors.siteStock ?? 'Sent when a site activates'}
        slotProps={number(SUPPLY_SITE_STOCK_MAX)}
        sx={{ width: 220 }}
      />
      <TextField
        select
        label="Country"
        value={countries.length > 0 ? country : ''}
        onChange={(e) => onCountry(Number(e.target.value))}
        disabled={countries.length === 0}
        sx={{ minWidth: 200 }}
      >
        {countries.map((c, i) => (
          <MenuItem key={c.countryIso3 ?? 'all'} value={i}>
            {c.name}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}

import InfoOutlined from '@mui/icons-material/InfoOutlined';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import {
  COUNTRY_START_UP_SIZES,
  SITE_ID_SIZES,
  siteIdDaysFor,
  startUpDaysFor,
  type SiteGroupDays,
} from '@predict/shared';
import {
  daysWithMonths,
  SITE_ID_EFFORT_TOOLTIP,
  type SiteIdSize,
  type SiteRange,
  type SiteRangeCheck,
  type StartUpSize,
} from '../utils/site-range';

/** Only whole numbers can be typed into a site count; anything else keeps the previous text. */
const acceptDigits = (raw: string, previous: string) =>
  /^\d*$/.test(raw) ? raw.replace(/^0+(?=\d)/, '') : previous;

export interface SiteRangeFieldsProps {
  withUpper: boolean;
  range: SiteRange;
  check: SiteRangeCheck;
  onRangeChange: (field: keyof SiteRange, value: string) => void;
  /** `next` is where the focus goes (e.g. the dialog's Save button). */
  onRangeBlur?: (field: keyof SiteRange, next: EventTarget | null) => void;
  effort: SiteIdSize | '';
  onEffortChange: (value: SiteIdSize) => void;
  startUp: StartUpSize | '';
  onStartUpChange: (value: StartUpSize) => void;
  /** The day counts of the chosen site group; the options show them once a group is chosen. */
  days: SiteGroupDays | null;
  disabled?: boolean;
}

/** Activated-site bounds, Site ID effort and country start-up time frame: shared by Add and Edit Country. */
export function SiteRangeFields({
  withUpper,
  range,
  check,
  onRangeChange,
  onRangeBlur,
  effort,
  onEffortChange,
  startUp,
  onStartUpChange,
  days,
  disabled,
}: SiteRangeFieldsProps) {
  const bound = (field: keyof SiteRange, label: string, error: string | undefined) => (
    <TextField
      label={label}
      value={range[field]}
      onChange={(e) => onRangeChange(field, acceptDigits(e.target.value, range[field]))}
      onBlur={(e) => onRangeBlur?.(field, e.relatedTarget)}
      error={Boolean(error)}
      helperText={error}
      disabled={disabled}
      required
      size="small"
      fullWidth
      slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
    />
  );
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2}>
        {bound('lower', withUpper ? 'Activated Sites (Lower Bound)' : 'Activated Sites', check.lowerError)}
        {withUpper && bound('upper', 'Activated Sites (Upper Bound)', check.upperError)}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <TextField
          select
          label="Site ID Effort"
          value={effort}
          onChange={(e) => onEffortChange(e.target.value as SiteIdSize)}
          disabled={disabled}
          required
          size="small"
          fullWidth
        >
          {SITE_ID_SIZES.map((size) => (
            <MenuItem key={size} value={size}>
              {days ? `${size} - ${daysWithMonths(siteIdDaysFor(days, size))}` : size}
            </MenuItem>
          ))}
        </TextField>
        <Tooltip title={SITE_ID_EFFORT_TOOLTIP}>
          <InfoOutlined fontSize="small" color="action" aria-label={SITE_ID_EFFORT_TOOLTIP} />
        </Tooltip>
      </Stack>
      <TextField
        select
        label="Country Start-Up Time Frame"
        value={startUp}
        onChange={(e) => onStartUpChange(e.target.value as StartUpSize)}
        disabled={disabled || !days}
        required
        size="small"
        fullWidth
      >
        {COUNTRY_START_UP_SIZES.map((size) => (
          <MenuItem key={size} value={size}>
            {days ? `${size} - ${daysWithMonths(startUpDaysFor(days, size))}` : size}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}

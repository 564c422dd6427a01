import Box from '@mui/material/Box';
import type { ActualsStatus } from '@predict/shared';
import { STATUS_LABEL, STATUS_PALETTE } from '../utils/actuals-rows';
import { visuallyHidden } from '@/lib/visually-hidden';

/** The impact value with its status colour: a coloured dot and text, and the status named for screen readers. */
export function ImpactIndicator({ value, status }: { value: string; status: ActualsStatus | null }) {
  if (!status) return <>{value}</>;
  const palette = STATUS_PALETTE[status];
  return (
    <Box
      component="span"
      data-status={status}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, color: `${palette}.dark`, fontWeight: 600 }}
    >
      <Box
        component="span"
        aria-hidden
        sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: `${palette}.main`, flexShrink: 0 }}
      />
      {value}
      <Box component="span" sx={visuallyHidden}>
        {` (${STATUS_LABEL[status]})`}
      </Box>
    </Box>
  );
}

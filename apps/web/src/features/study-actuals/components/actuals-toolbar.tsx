import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router';
import { GATED_HINT } from '../utils/actuals-messages';

/** A disabled button gets no pointer events, so its tooltip hangs on a wrapper that can take focus. */
function Gated({ open, children }: { open: boolean; children: ReactElement }) {
  if (open) return children;
  return (
    <Tooltip title={GATED_HINT}>
      <Box component="span" tabIndex={0} sx={{ display: 'inline-flex' }}>
        {children}
      </Box>
    </Tooltip>
  );
}

/**
 * The Study Actuals toolbar (spec/3 section 2): REMODEL (hidden for read-only users), VIEW SITE LIST and IMPORT ACTUALS; the first
 * two only once the actuals are at least 24 hours old (`gateOpen`). FORECAST HISTORY (issue 24) opens the Baseline
 * Plan's forecasts of record (`historyPath`).
 */
export function ActualsToolbar({
  studyId,
  readOnly,
  gateOpen,
  historyPath,
  onViewSites,
  onImport,
}: {
  studyId: number;
  readOnly: boolean;
  gateOpen: boolean;
  historyPath?: string;
  onViewSites: () => void;
  onImport: () => void;
}) {
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
      {historyPath && (
        <Button component={RouterLink} to={historyPath}>
          FORECAST HISTORY
        </Button>
      )}
      {!readOnly && (
        <Gated open={gateOpen}>
          <Button
            variant="outlined"
            component={RouterLink}
            to={`/ctpo/study-actuals/${studyId}/remodel`}
            disabled={!gateOpen}
          >
            REMODEL
          </Button>
        </Gated>
      )}
      <Gated open={gateOpen}>
        <Button variant="outlined" onClick={onViewSites} disabled={!gateOpen}>
          VIEW SITE LIST
        </Button>
      </Gated>
      {/* Read-only users cannot load an extract (spec/3 section 6: their buttons are disabled). */}
      <Button variant="contained" onClick={onImport} disabled={readOnly}>
        IMPORT ACTUALS
      </Button>
    </Stack>
  );
}

import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { SOE_MESSAGES } from '@predict/shared';
import { useId, useState } from 'react';
import { visuallyHidden } from '@/lib/visually-hidden';

export const REFRESH_SITE_LIST_HELP =
  'Refreshes the site list for all countries: any site with a Fully Executed contract in the activity module ' +
  'becomes selectable.';

export interface RefreshSiteListButtonProps {
  /** Resolves when refreshed (its message is shown, by default 'Site list refreshed'); a rejection is a failure. */
  onRefresh: () => Promise<{ message: string }>;
  /** Hidden for read-only users: the refresh is a write. */
  readOnly?: boolean;
}

type Outcome = { ok: boolean; message: string } | null;

/** REFRESH SITE LIST (spec/2 sections 2, 4, 8): busy while it runs, then says whether it worked. */
export function RefreshSiteListButton({ onRefresh, readOnly }: RefreshSiteListButtonProps) {
  const helpId = useId();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  if (readOnly) return null;

  const refresh = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      const answer = await onRefresh();
      setOutcome({ ok: true, message: answer?.message || SOE_MESSAGES.siteListRefreshed });
    } catch {
      setOutcome({ ok: false, message: SOE_MESSAGES.siteListRefreshFailed });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Tooltip title={REFRESH_SITE_LIST_HELP} describeChild>
        <span>
          <Button
            variant="outlined"
            onClick={refresh}
            disabled={busy}
            aria-busy={busy}
            aria-describedby={helpId}
            startIcon={busy ? <CircularProgress size={16} aria-hidden /> : <RefreshIcon />}
          >
            Refresh Site List
          </Button>
        </span>
      </Tooltip>
      <Box component="span" id={helpId} sx={visuallyHidden}>
        {REFRESH_SITE_LIST_HELP}
      </Box>
      <Typography role="status" variant="body2" color={outcome?.ok === false ? 'error' : 'success.main'}>
        {outcome?.message ?? ''}
      </Typography>
    </Stack>
  );
}

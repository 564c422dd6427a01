import MoreVertIcon from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { SoeListRow } from '@predict/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '@/features/auth';
import { soeEditorPath, soeForecastPath } from '../utils/soe-paths';
import { CloneSoeDialog } from './clone-soe-dialog';
import { DeleteSoeDialog } from './delete-soe-dialog';

/**
 * One SOE row's ⋮ menu (spec/2 sections 2 and 6): Edit, Clone and Delete for editors, View SOE for read-only
 * users. Edit and View SOE open the editor (read-only users get it read-only). Forecast, for everyone, opens the
 * SOE's forecast page, which otherwise is only reachable from the editor.
 */
export function SoeRowMenu({ soe }: { soe: SoeListRow }) {
  const { roles } = useCurrentUser();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<'clone' | 'delete' | null>(null);
  const open = () => void navigate(soeEditorPath(soe.studyId, soe.scheduleOfEventsId));
  const forecast = () => void navigate(soeForecastPath(soe.studyId, soe.scheduleOfEventsId));
  // Close first, then act: a dialog opened by the action must not fight the menu for focus.
  const run = (action: () => void) => () => {
    setAnchor(null);
    action();
  };

  const items = roles.readOnly
    ? [
        <MenuItem key="view" onClick={run(open)}>
          View SOE
        </MenuItem>,
        <MenuItem key="forecast" onClick={run(forecast)}>
          Forecast
        </MenuItem>,
      ]
    : [
        <MenuItem key="edit" onClick={run(open)}>
          Edit
        </MenuItem>,
        <MenuItem key="forecast" onClick={run(forecast)}>
          Forecast
        </MenuItem>,
        <MenuItem key="clone" onClick={run(() => setDialog('clone'))}>
          Clone
        </MenuItem>,
        <MenuItem key="delete" onClick={run(() => setDialog('delete'))}>
          Delete
        </MenuItem>,
      ];

  return (
    <>
      <IconButton
        size="small"
        aria-label={`Actions for ${soe.scheduleOfEventsName}`}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {items}
      </Menu>
      {dialog === 'clone' && (
        <CloneSoeDialog studyId={soe.studyId} soe={soe} onClose={() => setDialog(null)} />
      )}
      {dialog === 'delete' && (
        <DeleteSoeDialog studyId={soe.studyId} soe={soe} onClose={() => setDialog(null)} />
      )}
    </>
  );
}

import MoreVertIcon from '@mui/icons-material/MoreVert';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { saveAsOptions, type PlanStatus, type StudyPlanListRow } from '@predict/shared';
import { useState } from 'react';
import type { PlanRowActions } from '../utils/plan-rows';

export interface PlanRowMenuProps {
  plan: StudyPlanListRow;
  actions: PlanRowActions;
  onView: () => void;
  onStartSimulation: () => void;
  onViewSimulation: () => void;
  onClone: () => void;
  onDelete: () => void;
  onSaveAs: (status: PlanStatus) => void;
  /** The plan's audit trail; administrators only, so absent for others. */
  onHistory?: () => void;
}

/** The ⋮ menu of a plan row; Save As opens a submenu with the statuses of the plan's type. */
export function PlanRowMenu({ plan, actions, ...handlers }: PlanRowMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [saveAsAnchor, setSaveAsAnchor] = useState<HTMLElement | null>(null);
  const name = plan.studyPlanName;

  const close = () => {
    setSaveAsAnchor(null);
    setAnchor(null);
  };
  // Close first, then act: a dialog opened by the action must not fight the menu for focus.
  const run = (action: () => void) => () => {
    close();
    action();
  };

  const items = [
    actions.view && (
      <MenuItem key="view" onClick={run(handlers.onView)}>
        View Study Plan
      </MenuItem>
    ),
    actions.startSimulation && (
      <MenuItem key="start" onClick={run(handlers.onStartSimulation)}>
        Start Simulation
      </MenuItem>
    ),
    actions.viewSimulation && (
      <MenuItem key="sim" onClick={run(handlers.onViewSimulation)}>
        View Simulation
      </MenuItem>
    ),
    actions.saveAs && saveAsOptions(plan.studyPlanTypeDetail).length > 0 && (
      <MenuItem
        key="saveAs"
        aria-haspopup="menu"
        aria-expanded={saveAsAnchor !== null}
        onClick={(e) => setSaveAsAnchor(e.currentTarget)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowRight') setSaveAsAnchor(e.currentTarget);
        }}
      >
        <ListItemText>Save As</ListItemText>
        <ListItemIcon sx={{ justifyContent: 'flex-end' }}>
          <ChevronRightIcon fontSize="small" />
        </ListItemIcon>
      </MenuItem>
    ),
    actions.clone && (
      <MenuItem key="clone" onClick={run(handlers.onClone)}>
        Clone
      </MenuItem>
    ),
    actions.delete && (
      <MenuItem key="delete" onClick={run(handlers.onDelete)}>
        Delete
      </MenuItem>
    ),
    handlers.onHistory && (
      <MenuItem key="history" onClick={run(handlers.onHistory)}>
        History
      </MenuItem>
    ),
  ].filter(Boolean);

  return (
    <>
      <IconButton
        size="small"
        aria-label={`Actions for ${name}`}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={close}>
        {items}
      </Menu>
      <Menu
        anchorEl={saveAsAnchor}
        open={saveAsAnchor !== null}
        onClose={() => setSaveAsAnchor(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'left' }}
        slotProps={{ list: { 'aria-label': 'Save As' } }}
      >
        {saveAsOptions(plan.studyPlanTypeDetail).map((status) => (
          <MenuItem key={status} onClick={run(() => handlers.onSaveAs(status))}>
            {status}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

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
  const statuses = saveAsOptions(plan.studyPlanTypeDetail);

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
    actions.saveAs && statuses.length > 0 && (
      <SaveAsMenuItem key="saveAs" expanded={saveAsAnchor !== null} onOpen={setSaveAsAnchor} />
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
      <SaveAsMenu
        anchor={saveAsAnchor}
        statuses={statuses}
        onClose={() => setSaveAsAnchor(null)}
        clickOf={(status) => run(() => handlers.onSaveAs(status))}
      />
    </>
  );
}

/** The Save As item: opens the submenu on a click or on ArrowRight, as a submenu does. */
function SaveAsMenuItem({ expanded, onOpen }: { expanded: boolean; onOpen: (item: HTMLElement) => void }) {
  return (
    <MenuItem
      aria-haspopup="menu"
      aria-expanded={expanded}
      onClick={(e) => onOpen(e.currentTarget)}
      onKeyDown={(e) => {
        if (e.key === 'ArrowRight') onOpen(e.currentTarget);
      }}
    >
      <ListItemText>Save As</ListItemText>
      <ListItemIcon sx={{ justifyContent: 'flex-end' }}>
        <ChevronRightIcon fontSize="small" />
      </ListItemIcon>
    </MenuItem>
  );
}

/** The Save As submenu, beside its item: the statuses the plan's type may be saved as. */
function SaveAsMenu({
  anchor,
  statuses,
  onClose,
  clickOf,
}: {
  anchor: HTMLElement | null;
  statuses: readonly PlanStatus[];
  onClose: () => void;
  /** The click handler of a status's item. */
  clickOf: (status: PlanStatus) => () => void;
}) {
  return (
    <Menu
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'left' }}
      slotProps={{ list: { 'aria-label': 'Save As' } }}
    >
      {statuses.map((status) => (
        <MenuItem key={status} onClick={clickOf(status)}>
          {status}
        </MenuItem>
      ))}
    </Menu>
  );
}

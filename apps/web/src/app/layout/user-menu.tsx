import AccountCircle from '@mui/icons-material/AccountCircle';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { Link } from 'react-router';

export const LOGOUT_URL = '/ctpo/auth/logout';
/** Under the admin area's address; not /ctpo/admin/...: that address is the API's. */
export const FORECAST_CALIBRATION_PAGE = '/ctpo/admin-data/forecast-calibration';

/**
 * The account button with Admin Data, Forecast Calibration (everyone may read the track record), Audit Trail
 * (administrators), User Profile and Sign Out.
 */
export function UserMenu({ name, admin = false }: { name: string; admin?: boolean }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const open = anchor !== null;
  const close = () => setAnchor(null);

  return (
    <>
      <Button
        color="inherit"
        aria-label="Account"
        aria-haspopup="menu"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open ? 'true' : undefined}
        startIcon={<AccountCircle />}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ textTransform: 'none' }}
      >
        {name}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem component={Link} to="/ctpo/admin-data/" onClick={close}>
          Admin Data
        </MenuItem>
        <MenuItem component={Link} to={FORECAST_CALIBRATION_PAGE} onClick={close}>
          Forecast Calibration
        </MenuItem>
        {admin && (
          <MenuItem component={Link} to="/ctpo/audit-trail" onClick={close}>
            Audit Trail
          </MenuItem>
        )}
        <MenuItem component={Link} to="/ctpo/user-profile/" onClick={close}>
          User Profile
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            // The server ends the session and redirects to /goodbye.
            window.location.assign(LOGOUT_URL);
          }}
        >
          Sign Out
        </MenuItem>
      </Menu>
    </>
  );
}

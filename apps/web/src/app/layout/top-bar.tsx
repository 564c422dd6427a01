import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '@predict/shared';
import { Link, useLocation } from 'react-router';
import { Logo } from '@/components/logo';
import { useOptionalCurrentUser } from '@/features/auth';
import { useCurrentStudy } from '@/features/current-study';
import { useMeta } from '@/features/meta';
import { UserMenu } from './user-menu';

type TabValue = 'home' | 'plans' | 'actuals';

function selectedTab(pathname: string): TabValue | false {
  if (/^\/ctpo\/study-plans\/?$/.test(pathname)) return 'home';
  if (pathname.startsWith('/ctpo/study-plans/')) return 'plans';
  if (pathname.startsWith('/ctpo/study-actuals')) return 'actuals';
  return false;
}

/** Logo and product name; tabs, role chip and user menu only when signed in. */
export function TopBar() {
  const user = useOptionalCurrentUser();
  return (
    <AppBar position="sticky" elevation={1}>
      <Toolbar sx={{ gap: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Logo />
          <Typography variant="h6" component="span" sx={{ fontWeight: 600 }}>
            {PRODUCT_NAME}
          </Typography>
        </Box>
        {user && <NavTabs />}
        <Box sx={{ flexGrow: 1 }} />
        {user && <DemoDataChip />}
        {user?.roles.readOnly && (
          <Chip
            label="Read-only"
            size="small"
            variant="outlined"
            sx={{ color: 'inherit', borderColor: 'currentColor' }}
          />
        )}
        {user && <UserMenu name={user.name} admin={user.roles.admin} />}
      </Toolbar>
    </AppBar>
  );
}

/** Says so when the database holds the fictional demo studies, so nobody mistakes them for real ones. */
function DemoDataChip() {
  const meta = useMeta();
  if (!meta.data?.demoData) return null;
  return (
    <Chip
      label="Demo data"
      size="small"
      color="warning"
      title={`Fictional demo studies are loaded (${meta.data.product} ${meta.data.version}).`}
    />
  );
}

interface NavItem {
  value: TabValue;
  label: string;
  to: string;
}

/**
 * Home, Study Plans and Study Actuals. Links that look like tabs: they go to other pages, so they are
 * navigation links (aria-current marks the selected one), not an ARIA tablist.
 */
function NavTabs() {
  const { pathname } = useLocation();
  const { studyId } = useCurrentStudy();
  const suffix = studyId === null ? '' : String(studyId);
  const selected = selectedTab(pathname);
  const items: NavItem[] = [
    { value: 'home', label: 'Home', to: '/ctpo/study-plans/' },
    { value: 'plans', label: 'Study Plans', to: `/ctpo/study-plans/${suffix}` },
    { value: 'actuals', label: 'Study Actuals', to: `/ctpo/study-actuals/${suffix}` },
  ];
  return (
    <Box component="nav" aria-label="Main" sx={{ display: 'flex', alignSelf: 'stretch' }}>
      {items.map((item) => {
        const current = item.value === selected;
        return (
          <ButtonBase
            key={item.value}
            component={Link}
            to={item.to}
            aria-current={current ? 'page' : undefined}
            sx={{
              px: 2,
              typography: 'button',
              color: 'inherit',
              opacity: current ? 1 : 0.8,
              borderBottom: 3,
              borderColor: current ? 'secondary.main' : 'transparent',
              '&:hover, &.Mui-focusVisible': { opacity: 1, bgcolor: 'rgba(255, 255, 255, 0.08)' },
            }}
          >
            {item.label}
          </ButtonBase>
        );
      })}
    </Box>
  );
}

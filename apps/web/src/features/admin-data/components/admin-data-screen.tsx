import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Navigate, useParams } from 'react-router';
import { LoadErrorAlert } from '@/components/load-state';
import { PageSpinner } from '@/components/page-spinner';
import { useAdminSiteGroups } from '../api/admin-site-groups';
import { useFetchFailedSnackbar } from '../hooks/use-fetch-failed-snackbar';
import { adminDataPath, siteGroupIdParam } from '../utils/admin-data-paths';
import { SiteGroupDetail } from './site-group-detail';
import { SiteGroupList } from './site-group-list';

/** /ctpo/admin-data/ and /ctpo/admin-data/:siteGroupId: site groups on the left, the chosen one on the right. */
export function AdminDataScreen() {
  const params = useParams();
  const list = useAdminSiteGroups();
  useFetchFailedSnackbar(list.error);
  const selectedId = siteGroupIdParam(params.siteGroupId);
  const first = list.data?.[0];
  // The first site group is selected when the address names none (spec/3 section 2).
  if (params.siteGroupId === undefined && first)
    return <Navigate to={adminDataPath(first.siteGroupId)} replace />;

  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: { xs: 'wrap', md: 'nowrap' } }}>
      <Paper sx={{ p: 2, width: { xs: '100%', md: 280 }, flexShrink: 0 }}>
        <Typography variant="h5" component="h1" gutterBottom>
          Admin Data
        </Typography>
        {list.isPending && <PageSpinner label="Loading site groups" />}
        {list.isError && (
          <LoadErrorAlert
            message="The site groups could not be loaded."
            onRetry={() => void list.refetch()}
          />
        )}
        {list.data && <SiteGroupList groups={list.data} selectedId={selectedId} />}
      </Paper>
      <Paper sx={{ p: 2, flexGrow: 1, minWidth: 0 }}>
        {selectedId !== undefined ? (
          <SiteGroupDetail siteGroupId={selectedId} />
        ) : (
          <Typography color="text.secondary">
            {params.siteGroupId === undefined ? 'There are no site groups to show.' : 'Site group not found.'}
          </Typography>
        )}
      </Paper>
    </Box>
  );
}

import { LoadErrorAlert } from '@/components/load-state';
import { PageSpinner } from '@/components/page-spinner';
import { useCurrentUser } from '@/features/auth';
import { useAdminSiteGroup } from '../api/admin-site-groups';
import { useFetchFailedSnackbar } from '../hooks/use-fetch-failed-snackbar';
import { SiteGroupForm } from './site-group-form';

/** The right panel: loads one site group and shows it (editable by admins only, spec/3 section 6). */
export function SiteGroupDetail({ siteGroupId }: { siteGroupId: number }) {
  const { roles } = useCurrentUser();
  const query = useAdminSiteGroup(siteGroupId);
  useFetchFailedSnackbar(query.error);
  if (query.isPending) return <PageSpinner label="Loading site group" />;
  if (query.isError) {
    return (
      <LoadErrorAlert message="The site group could not be loaded." onRetry={() => void query.refetch()} />
    );
  }
  // A new version (after a save or a reload) starts the form afresh, in the read view.
  return (
    <SiteGroupForm
      key={`${query.data.siteGroupId}-${query.data.version}`}
      group={query.data}
      canEdit={roles.admin}
    />
  );
}

import Alert from '@mui/material/Alert';
import { useCallback, useState } from 'react';
import { LoadErrorAlert } from '@/components/load-state';
import { PageSpinner } from '@/components/page-spinner';
import { useCurrentUser } from '@/features/auth';
import { isApiError } from '@/lib/api-client';
import { useSoeEditorData } from '../hooks/use-soe-editor-data';
import { SoeEditor } from './soe-editor';

export const SOE_NOT_FOUND = 'This Schedule of Events does not exist or was deleted.';

/**
 * /ctpo/study-plans/{id}/soe/{scheduleId}: loads the SOE and shows the editor; a reload (after a save, or Reload
 * after a stale save) refetches everything and starts a fresh working copy.
 */
export function SoeEditorScreen({ studyId, soeId }: { studyId: number; soeId: number }) {
  const { roles } = useCurrentUser();
  const loaded = useSoeEditorData(soeId);
  const [generation, setGeneration] = useState(0);
  const { reload: refetchAll } = loaded;
  const reload = useCallback(async () => {
    await refetchAll();
    setGeneration((g) => g + 1);
  }, [refetchAll]);
  if (loaded.notFound || (isApiError(loaded.error) && loaded.error.status === 404))
    return <Alert severity="error">{SOE_NOT_FOUND}</Alert>;
  if (loaded.error)
    return (
      <LoadErrorAlert message="The Schedule of Events could not be loaded." onRetry={() => void reload()} />
    );
  if (!loaded.data || !loaded.siteGroups) return <PageSpinner />;
  return (
    <SoeEditor
      key={generation}
      studyId={studyId}
      soeId={soeId}
      data={loaded.data}
      siteGroups={loaded.siteGroups}
      readOnly={roles.readOnly}
      reload={reload}
      refetchSiteGroups={loaded.refetchSiteGroups}
    />
  );
}

import { PRODUCT_NAME } from '@predict/shared';
import { useParams } from 'react-router';
import { SoeEditorScreen } from '@/features/soe-editor';
import { NotFoundRoute } from './not-found';

/** /ctpo/study-plans/:studyId/soe/:scheduleId: the SOE editor (bf, siteId and sg live in the query string). */
export function SoeEditorRoute() {
  const params = useParams();
  const studyId = Number(params.studyId);
  const soeId = Number(params.scheduleId);
  if (![studyId, soeId].every((n) => Number.isInteger(n) && n > 0 && n <= 2_147_483_647))
    return <NotFoundRoute />;
  return (
    <>
      <title>{`Schedule of Events - ${PRODUCT_NAME}`}</title>
      <SoeEditorScreen key={soeId} studyId={studyId} soeId={soeId} />
    </>
  );
}

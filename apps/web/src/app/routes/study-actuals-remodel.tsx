import { PRODUCT_NAME } from '@predict/shared';
import { useParams } from 'react-router';
import { RemodelScreen } from '@/features/remodel';
import { NotFoundRoute } from './not-found';

/** /ctpo/study-actuals/:studyId/remodel: the Remodel form (read-only users are sent back to the actuals). */
export function StudyActualsRemodelRoute() {
  const studyId = Number(useParams().studyId);
  if (!Number.isInteger(studyId) || studyId <= 0) return <NotFoundRoute />;
  return (
    <>
      <title>{`Remodel - ${PRODUCT_NAME}`}</title>
      <RemodelScreen key={studyId} studyId={studyId} />
    </>
  );
}

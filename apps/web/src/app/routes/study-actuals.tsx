import { PRODUCT_NAME } from '@predict/shared';
import { useParams } from 'react-router';
import { LandingPanel } from '@/features/landing';
import { StudyPage } from '@/features/study';

/** /ctpo/study-actuals/ and /ctpo/study-actuals/:studyId: the actuals table itself comes in a later feature. */
export function StudyActualsRoute() {
  const { studyId } = useParams();
  if (studyId === undefined) {
    return (
      <>
        <title>{`Study Actuals - ${PRODUCT_NAME}`}</title>
        <LandingPanel layout="row" />
      </>
    );
  }
  return <StudyPage key={studyId} studyIdParam={studyId} section="study-actuals" />;
}

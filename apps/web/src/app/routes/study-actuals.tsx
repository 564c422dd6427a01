import { PRODUCT_NAME } from '@predict/shared';
import { useParams } from 'react-router';
import { LandingPanel } from '@/features/landing';
import { StudyPage } from '@/features/study';

/** /ctpo/study-actuals/ (the landing panel) and /ctpo/study-actuals/:studyId (the study's actuals). */
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

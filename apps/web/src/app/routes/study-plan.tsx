import { useParams } from 'react-router';
import { StudyPage } from '@/features/study';

/** /ctpo/study-plans/:studyId */
export function StudyPlanRoute() {
  const { studyId } = useParams();
  // key: a different study starts with fresh local state (dialogs closed).
  return <StudyPage key={studyId} studyIdParam={studyId} section="study-plans" />;
}

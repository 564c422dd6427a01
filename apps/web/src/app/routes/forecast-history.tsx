import { useParams } from 'react-router';
import { ForecastHistoryPage } from '@/features/forecast-history';

/** /ctpo/study-plans/:studyId/:planId/forecast-history */
export function ForecastHistoryRoute() {
  const { studyId, planId } = useParams();
  return <ForecastHistoryPage key={`${studyId}/${planId}`} studyParam={studyId} planParam={planId} />;
}

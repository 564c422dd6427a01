import { useParams } from 'react-router';
import { SimulationPage } from '@/features/simulation';

/** /ctpo/study-plans/:studyId/:planId/simulation */
export function StudyPlanSimulationRoute() {
  const { studyId, planId } = useParams();
  // key: another plan starts with fresh local state (tabs, toggles, loaded sets).
  return <SimulationPage key={`${studyId}/${planId}`} studyParam={studyId} planParam={planId} />;
}

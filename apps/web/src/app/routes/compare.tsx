import { useParams, useSearchParams } from 'react-router';
import { ComparePage } from '@/features/compare';

/** /ctpo/study-plans/:studyId/compare?plans=a,b,c */
export function CompareRoute() {
  const { studyId } = useParams();
  const [search] = useSearchParams();
  const plans = search.get('plans');
  return <ComparePage key={`${studyId}?${plans}`} studyParam={studyId} plansParam={plans} />;
}

import { PRODUCT_NAME } from '@predict/shared';
import { useParams } from 'react-router';
import { SoeForecastPage } from '@/features/soe-forecast';
import { NotFoundRoute } from './not-found';

/** /ctpo/study-plans/:studyId/soe/:scheduleId/forecast: the SOE's cost forecast (spec/2 section 2). */
export function SoeForecastRoute() {
  const params = useParams();
  const studyId = Number(params.studyId);
  const soeId = Number(params.scheduleId);
  if (![studyId, soeId].every((n) => Number.isInteger(n) && n > 0 && n <= 2_147_483_647))
    return <NotFoundRoute />;
  return (
    <>
      <title>{`SOE Forecast - ${PRODUCT_NAME}`}</title>
      <SoeForecastPage key={soeId} studyId={studyId} soeId={soeId} />
    </>
  );
}

import { PRODUCT_NAME } from '@predict/shared';
import { ForecastCalibrationScreen } from '@/features/forecast-calibration';

/** /ctpo/admin-data/forecast-calibration: the track record of the forecasts of record (every signed-in user). */
export function ForecastCalibrationRoute() {
  return (
    <>
      <title>{`Forecast Calibration - ${PRODUCT_NAME}`}</title>
      <ForecastCalibrationScreen />
    </>
  );
}

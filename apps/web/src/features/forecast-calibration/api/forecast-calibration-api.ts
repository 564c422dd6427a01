import {
  COMPLETED_STUDIES_UPLOAD_PATH,
  CompletedStudiesImportResponse,
  CSRF_HEADER,
  ErrorResponse,
  FORECAST_CALIBRATION_EXPORT_PATH,
  FORECAST_CALIBRATION_PATH,
  ForecastCalibrationResponse,
  type CompletedStudiesUploadBody,
} from '@predict/shared';
import { queryOptions } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';

export const EXPORT_FAILED_MESSAGE = 'The forecast calibration could not be exported.';

export const forecastCalibrationKey = ['forecast-calibration'] as const;

/** GET /ctpo/admin/forecast-calibration: the track record of the completed studies' forecasts of record. */
export const forecastCalibrationQueryOptions = () =>
  queryOptions({
    queryKey: forecastCalibrationKey,
    queryFn: ({ signal }) => api.get(FORECAST_CALIBRATION_PATH, ForecastCalibrationResponse, { signal }),
  });

export interface CalibrationExportFile {
  data: ArrayBuffer;
  fileName: string;
}

/** The track record as the xlsx the server builds (Summary, Studies, Re-forecasts), as the audit trail's export. */
export async function downloadCalibrationExport(): Promise<CalibrationExportFile> {
  const response = await fetch(FORECAST_CALIBRATION_EXPORT_PATH, {
    headers: { [CSRF_HEADER]: '1' },
    credentials: 'same-origin',
  });
  if (!response.ok) {
    const body = ErrorResponse.safeParse(await response.json().catch(() => null));
    throw new ApiError(response.status, body.data?.message ?? EXPORT_FAILED_MESSAGE, body.data?.fields);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  return { data: await response.arrayBuffer(), fileName: name ?? 'forecast-calibration.xlsx' };
}

/** POST /ctpo/admin/completed-studies/upload: the zip of completed studies; one result per study (admins only). */
export const uploadCompletedStudies = (body: CompletedStudiesUploadBody) =>
  api.post(COMPLETED_STUDIES_UPLOAD_PATH, body, CompletedStudiesImportResponse);

import { queryOptions } from '@tanstack/react-query';
import {
  calibrationApproveUrl,
  calibrationFitUrl,
  CALIBRATION_FITS_PATH,
  CALIBRATION_VERSIONS_PATH,
  CalibrationFitStatus,
  CalibrationVersion,
  CalibrationVersionList,
} from '@predict/shared';
import { api } from '@/lib/api-client';

export const calibrationVersionsKey = ['calibration-versions'] as const;
export const calibrationFitKey = (fitId: number) => ['calibration-fit', fitId] as const;

/** GET /ctpo/admin/calibration/versions: every version, newest first, the approved one and the defaults. */
export const calibrationVersionsQueryOptions = () =>
  queryOptions({
    queryKey: calibrationVersionsKey,
    queryFn: ({ signal }) => api.get(CALIBRATION_VERSIONS_PATH, CalibrationVersionList, { signal }),
  });

/** GET /ctpo/admin/calibration/fits/{id}: a fit's status and progress. */
export const calibrationFitQueryOptions = (fitId: number) =>
  queryOptions({
    queryKey: calibrationFitKey(fitId),
    queryFn: ({ signal }) => api.get(calibrationFitUrl(fitId), CalibrationFitStatus, { signal }),
  });

/** POST /ctpo/admin/calibration/fits (admins): starts a fit of every completed study. */
export const startCalibrationFit = () => api.post(CALIBRATION_FITS_PATH, undefined, CalibrationFitStatus);

/** POST /ctpo/admin/calibration/versions/{n}/approve (admins). */
export const approveCalibrationVersion = (n: number) =>
  api.post(calibrationApproveUrl(n), undefined, CalibrationVersion);

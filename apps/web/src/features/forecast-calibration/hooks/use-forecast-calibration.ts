import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify } from '@/components/snackbars';
import { isApiError } from '@/lib/api-client';
import { downloadFile } from '@/lib/download-file';
import {
  downloadCalibrationExport,
  EXPORT_FAILED_MESSAGE,
  forecastCalibrationQueryOptions,
} from '../api/forecast-calibration-api';

/**
 * The track record. A new extract or a Baseline Plan's run elsewhere can complete a study, so the page reads it
 * afresh each time it opens (no stale time) instead of showing a copy from before.
 */
export function useForecastCalibration() {
  return useQuery({ ...forecastCalibrationQueryOptions(), staleTime: 0 });
}

/** The Export button: downloads the server's xlsx; says so when it fails. */
export function useCalibrationExport() {
  const notify = useNotify();
  const [exporting, setExporting] = useState(false);
  const run = async () => {
    setExporting(true);
    try {
      const file = await downloadCalibrationExport();
      downloadFile(file.data, file.fileName);
    } catch (error) {
      notify.error(isApiError(error) ? error.message : EXPORT_FAILED_MESSAGE);
    } finally {
      setExporting(false);
    }
  };
  return { exporting, run };
}

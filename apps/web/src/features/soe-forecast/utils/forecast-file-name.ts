import dayjs from 'dayjs';
import { exportFileName } from '@predict/shared';

/** `${SOE name}_${YYYY-MM-DD_HHmmss}_${study id}.xlsx` (spec/2 section 9: SOE name, timestamp, study id). */
export function forecastExportFileName(soeName: string, studyId: number, now: Date = new Date()): string {
  return exportFileName([soeName, dayjs(now).format('YYYY-MM-DD_HHmmss'), String(studyId)]);
}

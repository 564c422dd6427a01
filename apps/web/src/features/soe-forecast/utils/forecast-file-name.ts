import dayjs from 'dayjs';

// eslint-disable-next-line no-control-regex
const UNSAFE_FILE_CHARS = /[\\/:*?"<>|\u0000-\u001f]+/g;
const fileNamePart = (part: string) => part.replace(UNSAFE_FILE_CHARS, '_').replace(/\s+/g, ' ').trim();

/** `${SOE name}_${YYYY-MM-DD_HHmmss}_${study id}.xlsx` (spec/2 section 9: SOE name, timestamp, study id). */
export function forecastExportFileName(soeName: string, studyId: number, now: Date = new Date()): string {
  return `${[soeName, dayjs(now).format('YYYY-MM-DD_HHmmss'), String(studyId)].map(fileNamePart).join('_')}.xlsx`;
}

/** The upload pipeline every .xlsx upload uses: receiveXlsxUpload on the request, then parseXlsxUpload. */
export { receiveXlsxUpload } from './receive-xlsx';
export { parseXlsxUpload, uploadWorkersAlive } from './upload-pool';
export { EPRICE_UPLOAD_LIMITS, UPLOAD_LIMITS, type UploadLimits } from './upload-limits';
export type { UploadKind, UploadResult } from './upload-parsers';

import {
  EPRICE_MESSAGES,
  EpricePageNumbers,
  epriceUploadOutcome,
  isXlsxFileName,
  ZIP_MESSAGES,
  type EpriceUploadType,
} from '@predict/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNotify } from '@/components/snackbars';
import { isApiError } from '@/lib/api-client';
import { readFileBytes, toBase64 } from '@/lib/file-bytes';
import { EPRICE_POLL_MS, uploadStatusQuery, uploadEprice } from '../api/soe-uploads-api';

export type EpriceStep = 'file' | 'target' | 'processing' | 'complete';

export interface EpriceUploadState {
  step: EpriceStep;
  file: File | null;
  target: EpriceUploadType;
  /** The optional pdf page numbers (spec/2 section 5), as typed. */
  pageNumbers: string;
  /** Sending the file (the dialog cannot be closed from then until complete). */
  sending: boolean;
  /** Why the file or the upload was refused (a wrong file type, the server's message). */
  error: string | null;
  /** The server's messages per field or cell, listed under the error. */
  errors: string[];
  /** The server refused because the SOE has cost data. */
  costRefused: boolean;
  outcome: 'succeeded' | 'failed' | null;
  /** The SOE's uploadStatus text once finished. */
  statusText: string | null;
}

const initial: EpriceUploadState = {
  step: 'file',
  file: null,
  target: 'Predict',
  pageNumbers: '',
  sending: false,
  error: null,
  errors: [],
  costRefused: false,
  outcome: null,
  statusText: null,
};

/**
 * Upload ePrice (spec/2 sections 2, 4 and 8): choose a file, choose the target, send it (POST /ctpo/files), then
 * poll the SOE's uploadStatus every 10 s (the first read at once) until it tells the upload finished.
 */
export function useEpriceUpload(studyId: number, soeId: number) {
  const notify = useNotify();
  const [state, setState] = useState<EpriceUploadState>(initial);
  const patch = (next: Partial<EpriceUploadState>) => setState((s) => ({ ...s, ...next }));
  const processing = state.step === 'processing';
  const status = useQuery({
    ...uploadStatusQuery(soeId),
    enabled: processing,
    refetchInterval: processing ? EPRICE_POLL_MS : false,
  });
  const statusText = processing ? (status.data?.data[0]?.uploadStatus ?? null) : null;
  const outcome = processing && status.isFetchedAfterMount ? epriceUploadOutcome(statusText) : 'pending';
  // The server's rule for FileAttrs.pdfPageNumbers, checked as the user types.
  const pageNumbersError = EpricePageNumbers.safeParse(state.pageNumbers).error?.issues[0]?.message ?? null;

  useEffect(() => {
    if (outcome === 'pending') return;
    setState((s) => ({ ...s, step: 'complete', outcome, statusText }));
    if (outcome === 'succeeded') notify.success(EPRICE_MESSAGES.statusSucceeded);
    else notify.error(EPRICE_MESSAGES.statusFailed);
  }, [outcome, statusText, notify]);

  const selectFile = (file: File | null) => {
    if (file && !isXlsxFileName(file.name)) {
      patch({ file: null, error: ZIP_MESSAGES.extension, errors: [] });
      return;
    }
    patch({ file, error: null, errors: [] });
  };

  const upload = async (userName: string) => {
    const { file, target, pageNumbers } = state;
    if (!file || pageNumbersError) return;
    patch({ sending: true, error: null, errors: [], costRefused: false });
    try {
      const bytes = await readFileBytes(file);
      await uploadEprice({
        studyId,
        soeId,
        fileName: file.name,
        encodedData: toBase64(bytes),
        uploadType: target,
        pdfPageNumbers: pageNumbers,
        userName,
      });
    } catch (error) {
      notify.error(EPRICE_MESSAGES.uploadFailed);
      const message = error instanceof Error ? error.message : String(error);
      patch({
        sending: false,
        error: message,
        errors: isApiError(error) ? error.fields.map((f) => f.message) : [],
        costRefused: message === EPRICE_MESSAGES.costDetected,
      });
      return;
    }
    notify.success(EPRICE_MESSAGES.uploaded);
    patch({ sending: false, step: 'processing' });
  };

  return {
    state,
    selectFile,
    setTarget: (target: EpriceUploadType) => patch({ target }),
    setPageNumbers: (pageNumbers: string) => patch({ pageNumbers }),
    pageNumbersError,
    next: () => patch({ step: 'target', error: null, errors: [] }),
    back: () => patch({ step: 'file', error: null, errors: [] }),
    upload,
    /** Sending or processing: the dialog cannot be closed. */
    busy: state.sending || processing,
  };
}

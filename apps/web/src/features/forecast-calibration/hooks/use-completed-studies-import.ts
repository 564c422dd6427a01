import {
  COMPLETED_IMPORT_MESSAGES,
  COMPLETED_ZIP_LIMITS,
  ZIP_MESSAGES,
  type CompletedStudiesImportResponse,
} from '@predict/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { fileToBase64 } from '@/lib/file-bytes';
import { forecastCalibrationKey, uploadCompletedStudies } from '../api/forecast-calibration-api';

/** The server's words for a zip over the limit (read-completed-studies-zip.ts), checked here before sending. */
export const ZIP_TOO_LARGE_MESSAGE = COMPLETED_IMPORT_MESSAGES.tooLarge;
/** The headline of a failed import when the server gave no message (a network failure, say). */
export const IMPORT_FAILED_MESSAGE = 'The completed studies could not be imported.';

/** Why a chosen file is refused before anything is sent, or null when it may go. */
export function zipFileRefusal(file: File): string | null {
  if (!/\.zip$/i.test(file.name.trim())) return COMPLETED_IMPORT_MESSAGES.extension;
  if (file.size === 0) return ZIP_MESSAGES.empty;
  if (file.size > COMPLETED_ZIP_LIMITS.maxBytes) return ZIP_TOO_LARGE_MESSAGE;
  return null;
}

export interface ImportFailure {
  message: string;
  /** A 400's field messages, as 'path: message'. */
  errors: string[];
}

function failureOf(error: unknown): ImportFailure {
  if (isApiError(error))
    return {
      message: error.message || IMPORT_FAILED_MESSAGE,
      errors: error.fields.map((f) => (f.path ? `${f.path}: ${f.message}` : f.message)),
    };
  const detail = error instanceof Error && error.message ? ` ${error.message}` : '';
  return { message: `${IMPORT_FAILED_MESSAGE}${detail}`, errors: [] };
}

export interface CompletedStudiesImport {
  file: File | null;
  /** The client-side refusal of the chosen file (not a .zip, empty, too large). */
  refusal: string | null;
  busy: boolean;
  answer: CompletedStudiesImportResponse | null;
  failure: ImportFailure | null;
  selectFile: (file: File | null) => void;
  start: () => void;
  reset: () => void;
}

/**
 * Import completed studies: the chosen zip goes to POST /ctpo/admin/completed-studies/upload as base64; the
 * answer lists each study as loaded or refused. On an answer the track record is read again, so the page shows
 * the studies that loaded.
 */
export function useCompletedStudiesImport(): CompletedStudiesImport {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: async (zip: File) =>
      uploadCompletedStudies({ fileName: zip.name, fileBase64: await fileToBase64(zip) }),
    // The answer shows at once; the track record is read again behind it.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: forecastCalibrationKey }),
  });

  const selectFile = (chosen: File | null) => {
    if (mutation.isPending) return;
    mutation.reset();
    const refused = chosen ? zipFileRefusal(chosen) : null;
    setRefusal(refused);
    setFile(refused ? null : chosen);
  };

  return {
    file,
    refusal,
    busy: mutation.isPending,
    answer: mutation.data ?? null,
    failure: mutation.isError ? failureOf(mutation.error) : null,
    selectFile,
    start: () => {
      if (file && !mutation.isPending) mutation.mutate(file);
    },
    reset: () => {
      mutation.reset();
      setFile(null);
      setRefusal(null);
    },
  };
}

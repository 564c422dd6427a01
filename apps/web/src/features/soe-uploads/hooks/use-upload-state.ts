import { isXlsxFileName, ZIP_MESSAGES } from '@predict/shared';
import { useState } from 'react';
import { useNotify } from '@/components/snackbars';

/** What the country-cost and site-contract uploads hold in common: the file, and how the last try failed. */
export interface UploadBase {
  file: File | null;
  /** The failure's headline ('Failed to process file', 'Failed to upload country costs', ...). */
  failure: string | null;
  /** What it was: the file check's or the server's message, 'Upload failed - no valid data found.'. */
  detail: string | null;
  /** The 'Errors Found:' list. */
  errors: string[];
}

/**
 * The state of an upload dialog that reads the workbook in the browser: choosing a file (.xlsx only; a new file
 * starts over) and failing (a snackbar with the headline, the state patched with `failed`).
 */
export function useUploadState<S extends UploadBase>(initial: S, failed: Partial<S>) {
  const notify = useNotify();
  const [state, setState] = useState<S>(initial);
  const patch = (next: Partial<S>) => setState((s) => ({ ...s, ...next }));
  const fail = (failure: string, detail: string | null, errors: string[] = []) => {
    notify.error(failure);
    patch({ ...failed, failure, detail, errors });
  };
  const selectFile = (file: File | null) =>
    file && !isXlsxFileName(file.name)
      ? setState({ ...initial, failure: ZIP_MESSAGES.extension })
      : setState({ ...initial, file });
  return { state, patch, fail, selectFile, notify };
}

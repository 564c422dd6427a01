import { isXlsxFileName, ZIP_MESSAGES } from '@predict/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { fileToBase64 } from '@/lib/file-bytes';
import { actualsKeys, loadActuals, uploadExtract } from '../api/actuals-api';

export type UploadPhase = 'idle' | 'uploading' | 'done';

export interface ExtractUploadState {
  file: File | null;
  phase: UploadPhase;
  /** Each refused cell as 'Sheet!A1 message'. */
  errors: string[];
  /** What went wrong when the server gave no per-cell errors. */
  failure: string | null;
}

const initial: ExtractUploadState = { file: null, phase: 'idle', errors: [], failure: null };

/**
 * The CTMS extract upload: sends the chosen .xlsx, lists each error the server found as 'Sheet!A1 message' (the
 * extract is applied all or nothing), and on success recomputes the actuals rows and reads them again.
 */
export function useExtractUpload(studyId: number) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<ExtractUploadState>(initial);

  const selectFile = (file: File | null) => {
    if (file && !isXlsxFileName(file.name)) setState({ ...initial, errors: [ZIP_MESSAGES.extension] });
    else setState({ ...initial, file });
  };

  const upload = async () => {
    const { file } = state;
    if (!file) return;
    setState((s) => ({ ...s, phase: 'uploading', errors: [], failure: null }));
    try {
      await uploadExtract(studyId, { fileName: file.name, fileBase64: await fileToBase64(file) });
      await loadActuals(studyId);
      await queryClient.invalidateQueries({ queryKey: actualsKeys.all(studyId) });
      setState({ ...initial, phase: 'done' });
    } catch (error) {
      const fields = isApiError(error) ? error.fields : [];
      setState((s) => ({
        ...s,
        phase: 'idle',
        errors: fields.map((f) => `${f.path} ${f.message}`),
        failure: error instanceof Error ? error.message : 'The upload failed.',
      }));
    }
  };

  return { state, selectFile, upload, reset: () => setState(initial), busy: state.phase === 'uploading' };
}

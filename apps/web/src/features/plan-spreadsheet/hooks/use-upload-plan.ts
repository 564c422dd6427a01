import {
  isXlsxFileName,
  PLAN_UPLOAD_MESSAGES,
  sheetErrorText,
  ZIP_MESSAGES,
  type ParsedPlan,
  type StudyPlan,
} from '@predict/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify } from '@/components/snackbars';
import { planQueryOptions } from '@/features/plan-shell';
import { isApiError } from '@/lib/api-client';
import { readFileBytes, toBase64 } from '@/lib/file-bytes';
import { uploadPlan } from '../api/plan-spreadsheet-api';
import { readPlanFile, UnreadableFileError, type PlanFileRead } from '../utils/plan-workbook';
import { useConfirmOverridesOff } from './use-confirm-overrides-off';

export type UploadPhase = 'idle' | 'reading' | 'confirming' | 'uploading';

export interface UploadState {
  file: File | null;
  phase: UploadPhase;
  /** 0-100 while busy. */
  progress: number;
  /** The Errors Found list: each error with its sheet, row and column. */
  errors: string[];
  /** The System Response area: what the server (or the file check) answered on failure. */
  systemResponse: string | null;
}

const initial: UploadState = { file: null, phase: 'idle', progress: 0, errors: [], systemResponse: null };

/** '{sheet}: Row 3, column F (...): message' from an answer's field path 'Countries!F3'. */
const fieldLine = (f: { path: string; message: string }) => {
  const sheet = f.path.split('!')[0];
  return sheet ? `${sheet}: ${f.message}` : f.message;
};

/**
 * UPLOAD PLAN (spec/1 sections 2, 5 and 8): checks and reads the chosen .xlsx in the browser, asks before turning
 * off an activation-profile override whose last card differs from the country's sites (Cancel aborts), sends the
 * file and reports with the spec's messages. `onUploaded` runs after the plan has been read again.
 */
export function useUploadPlan(plan: StudyPlan, onUploaded: () => void) {
  const notify = useNotify();
  const confirmOverridesOff = useConfirmOverridesOff(plan);
  const queryClient = useQueryClient();
  const [state, setState] = useState<UploadState>(initial);
  const patch = (next: Partial<UploadState>) => setState((s) => ({ ...s, ...next }));

  const selectFile = (file: File | null) => {
    if (file && !isXlsxFileName(file.name)) {
      setState({ ...initial, errors: [ZIP_MESSAGES.extension] });
      return;
    }
    setState({ ...initial, file });
  };

  const reset = () => setState(initial);

  const fail = (systemResponse: string | null, errors: string[] = []) =>
    patch({ phase: 'idle', progress: 0, errors, systemResponse });

  const failWith = (failure: UploadFailure) => {
    notify[failure.severity](failure.snackbar);
    fail(failure.systemResponse, failure.errors);
  };

  /** Reads the updated plan back before success is reported. */
  const readBack = async () => {
    patch({ progress: 90 });
    try {
      await queryClient.fetchQuery({ ...planQueryOptions(plan.studyPlanId), staleTime: 0 });
      void queryClient.invalidateQueries({ queryKey: ['plans'] });
      notify.success(PLAN_UPLOAD_MESSAGES.success);
      setState(initial);
      onUploaded();
    } catch {
      // Saved, but the page could not read the plan back: say so rather than show stale values as uploaded.
      notify.error(PLAN_UPLOAD_MESSAGES.genericFailed);
      fail(PLAN_UPLOAD_MESSAGES.genericFailed);
    }
  };

  const upload = async () => {
    const { file } = state;
    if (!file) return;
    patch({ phase: 'reading', progress: 10, errors: [], systemResponse: null });
    const read = await readUploadFile(file);
    if (!read.ok) {
      failWith(read.failure);
      return;
    }
    patch({ phase: 'confirming', progress: 40 });
    const overrideOffRows = await confirmOverridesOff(read.plan);
    if (!overrideOffRows) {
      patch({ phase: 'idle', progress: 0 });
      return;
    }
    patch({ phase: 'uploading', progress: 70 });
    const failure = await sendUploadFile(plan, file, read.bytes, overrideOffRows);
    if (failure) {
      failWith(failure);
      return;
    }
    await readBack();
  };

  return { state, selectFile, upload, reset, busy: state.phase !== 'idle' };
}

/** Why an upload stopped: the snackbar it shows, and what the dialog's System Response and Errors Found say. */
interface UploadFailure {
  severity: 'error' | 'warning';
  snackbar: string;
  systemResponse: string | null;
  errors?: string[];
}

/** Checks and reads the chosen file in the browser: its bytes and the plan in it, or why it cannot be sent. */
async function readUploadFile(
  file: File,
): Promise<{ ok: true; bytes: Uint8Array; plan: ParsedPlan } | { ok: false; failure: UploadFailure }> {
  let bytes: Uint8Array;
  let read: PlanFileRead;
  try {
    bytes = await readFileBytes(file);
    read = await readPlanFile(bytes);
  } catch (error) {
    const systemResponse =
      error instanceof UnreadableFileError
        ? `${PLAN_UPLOAD_MESSAGES.readFailed}: ${error.message}`
        : PLAN_UPLOAD_MESSAGES.readFailed;
    return {
      ok: false,
      failure: { severity: 'error', snackbar: PLAN_UPLOAD_MESSAGES.readFailed, systemResponse },
    };
  }
  if (read.ok) return { ok: true, bytes, plan: read.plan };
  const found =
    'refused' in read
      ? { systemResponse: read.refused, errors: [read.refused] }
      : { systemResponse: null, errors: read.errors.map((e) => `${e.sheet}: ${sheetErrorText(e)}`) };
  return { ok: false, failure: { severity: 'warning', snackbar: PLAN_UPLOAD_MESSAGES.failed, ...found } };
}

/** Sends the file with the rows whose override is turned off; resolves null once the server updated the plan. */
async function sendUploadFile(
  plan: StudyPlan,
  file: File,
  bytes: Uint8Array,
  overrideOffRows: number[],
): Promise<UploadFailure | null> {
  const { failed, updateFailed } = PLAN_UPLOAD_MESSAGES;
  try {
    const answer = await uploadPlan(plan.studyId, {
      studyPlanId: plan.studyPlanId,
      rowVersion: plan.rowVersion,
      fileName: file.name,
      fileBase64: toBase64(bytes),
      overrideOffRows,
    });
    const first = answer[0];
    if (first?.returnCode === '200') return null;
    return { severity: 'error', snackbar: updateFailed, systemResponse: first?.returnDesc ?? updateFailed };
  } catch (error) {
    if (isApiError(error))
      return {
        severity: 'warning',
        snackbar: failed,
        systemResponse: error.message,
        errors: error.fields.map(fieldLine),
      };
    return {
      severity: 'error',
      snackbar: failed,
      systemResponse: error instanceof Error ? error.message : String(error),
    };
  }
}

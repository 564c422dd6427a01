import {
  activationMismatches,
  isXlsxFileName,
  PLAN_UPLOAD_MESSAGES,
  sheetErrorText,
  ZIP_MESSAGES,
  type StudyPlan,
} from '@predict/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify } from '@/components/snackbars';
import { useConfirm } from '@/components/warning-dialog';
import { planQueryOptions } from '@/features/plan-shell';
import { isApiError } from '@/lib/api-client';
import { readFileBytes, toBase64 } from '@/lib/file-bytes';
import { uploadPlan } from '../api/plan-spreadsheet-api';
import { readPlanFile, UnreadableFileError } from '../utils/plan-workbook';

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

export const mismatchMessage = (country: string, lastCard: number, sites: number) =>
  `${country}: the last activation profile card (${lastCard} sites) differs from the activated sites ` +
  `(${sites}). Continue and turn this country's activation profile override off (the default profile is used)?`;

/**
 * UPLOAD PLAN (spec/1 sections 2, 5 and 8): checks and reads the chosen .xlsx in the browser, asks before turning
 * off an activation-profile override whose last card differs from the country's sites (Cancel aborts), sends the
 * file and reports with the spec's messages. `onUploaded` runs after the plan has been read again.
 */
export function useUploadPlan(plan: StudyPlan, onUploaded: () => void) {
  const notify = useNotify();
  const confirm = useConfirm();
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

  const upload = async () => {
    const { file } = state;
    if (!file) return;
    patch({ phase: 'reading', progress: 10, errors: [], systemResponse: null });
    let bytes: Uint8Array;
    let read: Awaited<ReturnType<typeof readPlanFile>>;
    try {
      bytes = await readFileBytes(file);
      read = await readPlanFile(bytes);
    } catch (error) {
      notify.error(PLAN_UPLOAD_MESSAGES.readFailed);
      fail(
        error instanceof UnreadableFileError
          ? `${PLAN_UPLOAD_MESSAGES.readFailed}: ${error.message}`
          : PLAN_UPLOAD_MESSAGES.readFailed,
      );
      return;
    }
    if (!read.ok) {
      notify.warning(PLAN_UPLOAD_MESSAGES.failed);
      if ('refused' in read) fail(read.refused, [read.refused]);
      else
        fail(
          null,
          read.errors.map((e) => `${e.sheet}: ${sheetErrorText(e)}`),
        );
      return;
    }

    patch({ phase: 'confirming', progress: 40 });
    const remodel = plan.studyPlanTypeDetail.startsWith('Remodel');
    const overrideOffRows: number[] = [];
    for (const m of activationMismatches(read.plan, plan.studyPlanType, remodel)) {
      const ok = await confirm({
        title: 'Warning!',
        message: mismatchMessage(m.country, m.lastCard, m.sites),
      });
      if (!ok) {
        patch({ phase: 'idle', progress: 0 });
        return;
      }
      overrideOffRows.push(m.row);
    }

    patch({ phase: 'uploading', progress: 70 });
    try {
      const answer = await uploadPlan(plan.studyId, {
        studyPlanId: plan.studyPlanId,
        rowVersion: plan.rowVersion,
        fileName: file.name,
        fileBase64: toBase64(bytes),
        overrideOffRows,
      });
      const first = answer[0];
      if (first?.returnCode !== '200') {
        notify.error(PLAN_UPLOAD_MESSAGES.updateFailed);
        fail(first?.returnDesc ?? PLAN_UPLOAD_MESSAGES.updateFailed);
        return;
      }
    } catch (error) {
      if (isApiError(error)) {
        notify.warning(PLAN_UPLOAD_MESSAGES.failed);
        fail(error.message, error.fields.map(fieldLine));
      } else {
        notify.error(PLAN_UPLOAD_MESSAGES.failed);
        fail(error instanceof Error ? error.message : String(error));
      }
      return;
    }

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

  return { state, selectFile, upload, reset, busy: state.phase !== 'idle' };
}

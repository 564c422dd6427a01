import { SOE_MESSAGES, type SoeCloneBody, type SoeEditBody, type SoeFormBody } from '@predict/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '@/components/snackbars';
import { isApiError } from '@/lib/api-client';
import { cloneSoe, createSoe, deleteSoe, editSoe, soeQueryKey } from '../api/soe';

/**
 * After any SOE write: this feature's queries (lists and details), the editor's reads and the study list's SOE
 * columns are refetched.
 */
function useRefreshSoes() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: soeQueryKey }),
      queryClient.invalidateQueries({ queryKey: ['soe-editor'] }),
      queryClient.invalidateQueries({ queryKey: ['studies'] }),
    ]);
}

/** A 400's field messages and a 409 are shown by the dialog; other failures get the spec's snackbar. */
const dialogHandles = (error: unknown) => isApiError(error) && (error.status === 400 || error.status === 409);

export function useCreateSoe(studyId: number) {
  const notify = useNotify();
  const refresh = useRefreshSoes();
  return useMutation({
    mutationFn: (body: SoeFormBody) => createSoe(studyId, body),
    onSuccess: () => notify.success(SOE_MESSAGES.saved),
    onError: (error) => {
      if (!dialogHandles(error)) notify.error(SOE_MESSAGES.saveFailed);
    },
    onSettled: refresh,
  });
}

export function useEditSoe(studyId: number) {
  const notify = useNotify();
  const refresh = useRefreshSoes();
  return useMutation({
    mutationFn: (body: SoeEditBody) => editSoe(studyId, body),
    onSuccess: () => notify.success(SOE_MESSAGES.saved),
    onError: (error) => {
      if (!dialogHandles(error)) notify.error(SOE_MESSAGES.saveFailed);
    },
    onSettled: refresh,
  });
}

/** Clone: failures other than field messages are only logged (spec/2 section 8). */
export function useCloneSoe(studyId: number) {
  const refresh = useRefreshSoes();
  return useMutation({
    mutationFn: (body: SoeCloneBody) => cloneSoe(studyId, body),
    onError: (error) => {
      if (!dialogHandles(error)) console.error('Cloning the Schedule of Events failed.', error);
    },
    onSettled: refresh,
  });
}

/** Delete: a 403 is the dialog's "contact the Creator" text, not a snackbar, so the dialog handles it. */
export function useDeleteSoe(studyId: number) {
  const notify = useNotify();
  const refresh = useRefreshSoes();
  return useMutation({
    mutationFn: (soeId: number) => deleteSoe(studyId, { scheduleOfEventsId: soeId, studyId }),
    onSuccess: () => notify.success(SOE_MESSAGES.deleted),
    onError: (error) => {
      if (!(isApiError(error) && error.status === 403)) notify.error(SOE_MESSAGES.deleteFailed);
    },
    onSettled: refresh,
  });
}

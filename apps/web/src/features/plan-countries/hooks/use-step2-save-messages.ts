import { PLAN_SAVE_FAILED_MESSAGE } from '@predict/shared';
import { useState } from 'react';
import { useNotify } from '@/components/snackbars';
import { isApiError } from '@/lib/api-client';
import { fieldOfPath } from '../utils/step2-rows';
import type { RowSources, Step2Drafts } from './use-step2-drafts';

/**
 * What the server answered to a failed step 2 save: a 409's message (the page offers a reload), and field messages,
 * placed under their fields or, where the path names no field of the page, listed above the footer.
 */
export function useStep2SaveMessages(drafts: Step2Drafts) {
  const notify = useNotify();
  const [conflict, setConflict] = useState<string | null>(null);
  /** Server messages whose path names no field of the page (shown above the footer). */
  const [otherMessages, setOtherMessages] = useState<string[]>([]);

  function showFailure(error: unknown, sources: RowSources) {
    if (isApiError(error) && error.status === 409) {
      notify.error(error.message);
      setConflict(error.message);
      return;
    }
    notify.error(PLAN_SAVE_FAILED_MESSAGE);
    if (!isApiError(error)) return;
    const placed: { id: number; key: string; message: string }[] = [];
    const other: string[] = [];
    for (const f of error.fields) {
      const field = fieldOfPath(f.path, sources);
      if (field) placed.push({ ...field, message: f.message });
      else other.push(f.message);
    }
    drafts.showServerMessages(placed);
    setOtherMessages(other);
  }

  /** After a save that went through, or a reload: what the server said before no longer stands. */
  function clear() {
    setConflict(null);
    setOtherMessages([]);
  }

  return { conflict, otherMessages, showFailure, clear };
}

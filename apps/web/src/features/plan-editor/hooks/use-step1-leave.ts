import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { studyPath } from '@/features/plan-shell';
import type { useStep1Save } from './use-step1-save';

type Save = ReturnType<typeof useStep1Save>['save'];

/**
 * Leaving step 1 for the study page: with unsaved changes it first asks (exit, save and exit, or stay), and the
 * browser asks before the tab closes or reloads.
 */
export function useStep1Leave(studyId: number, isDirty: boolean, save: Save) {
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    if (!isDirty) return;
    // Closing the tab or reloading would lose the changes: let the browser ask.
    const onBeforeUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isDirty]);

  const exitNow = () => void navigate(studyPath(studyId));

  const exit = () => {
    if (isDirty) setLeaving(true);
    else exitNow();
  };

  const saveAndExit = async () => {
    const id = await save();
    setLeaving(false);
    if (id !== null) exitNow();
  };

  return { leaving, exit, exitNow, saveAndExit, stay: () => setLeaving(false) };
}

import {
  CTIS_FAILED_MESSAGE,
  CTIS_SAVED_MESSAGE,
  type CtisChoice,
  type CtisPlanResponse,
  type StudyPlan,
} from '@predict/shared';
import { useEffect, useRef, useState } from 'react';
import { useNotify } from '@/components/snackbars';
import { saveCtisSubmission } from '../api/country-dialogs-api';
import { savedChoice } from '../utils/ctis-choice';

/** spec/1 section 4: after a CTIS save the page reloads after 1 second; onSaved is called then. */
export const CTIS_RELOAD_DELAY_MS = 1000;

export interface CtisValues {
  /** Included (true) or excluded, by site group. */
  included: ReadonlyMap<number, boolean>;
  choice: CtisChoice;
  newDate: number | null;
}

/**
 * The CTIS Submission form's state: which groups are included, the date choice (starting from the saved one), and
 * the save (POST, then onSaved CTIS_RELOAD_DELAY_MS later). It saves only with rows and, for 'enter new', a date.
 */
export function useCtisForm(plan: StudyPlan, data: CtisPlanResponse, onSaved: () => void) {
  const notify = useNotify();
  const [values, setValues] = useState<CtisValues>(() => {
    const initial = savedChoice(data.rows);
    return {
      included: new Map(data.rows.map((r) => [r.siteGroupId, r.includeExclude === 'i'])),
      choice: initial.choice,
      newDate: initial.date,
    };
  });
  const [saving, setSaving] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => clearTimeout(timer.current ?? undefined), []);

  const { included, choice, newDate } = values;
  const valid = data.rows.length > 0 && !(choice === 'enterNew' && newDate === null);

  const set = <K extends keyof CtisValues>(key: K, value: CtisValues[K]) =>
    setValues((prev) => ({ ...prev, [key]: value }));
  const setIncluded = (siteGroupId: number, on: boolean) =>
    setValues((prev) => ({ ...prev, included: new Map(prev.included).set(siteGroupId, on) }));

  const save = async () => {
    setSaving(true);
    try {
      await saveCtisSubmission(plan.studyId, {
        studyPlanId: plan.studyPlanId,
        rowVersion: plan.rowVersion,
        choice,
        enterNewDate: choice === 'enterNew' ? newDate : null,
        rows: data.rows.map((r) => ({
          siteGroupId: r.siteGroupId,
          includeExclude: included.get(r.siteGroupId) ? 'i' : 'e',
        })),
      });
      notify.success(CTIS_SAVED_MESSAGE);
      timer.current = setTimeout(onSaved, CTIS_RELOAD_DELAY_MS);
    } catch {
      notify.error(CTIS_FAILED_MESSAGE);
      setSaving(false);
    }
  };

  return { values, set, setIncluded, valid, saving, save };
}

export type CtisFormState = ReturnType<typeof useCtisForm>;

import {
  REMODEL_MESSAGES,
  validateRemodelForm,
  type RemodelErrors,
  type RemodelFormData,
} from '@predict/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useNotify } from '@/components/snackbars';
import { isApiError } from '@/lib/api-client';
import { submitRemodel } from '../api/remodel-api';
import {
  formRuleInput,
  initialValues,
  serverErrorsToForm,
  toBody,
  withFigure,
  type FigureKey,
  type RemodelValues,
  type SiteGroupValues,
} from '../utils/remodel-values';

/**
 * The Remodel form's state: values, the shared rules of spec/3 section 5 (shown once a field was left or a submit
 * tried), the server's 400 field messages (until that field changes), and the submit.
 */
export function useRemodelForm(studyId: number, data: RemodelFormData, existingPlanNames: readonly string[]) {
  const [values, setValues] = useState<RemodelValues>(() => initialValues(data));
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<RemodelErrors>({});
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const unremovableGroups = useMemo(
    () => data.siteGroups.filter((g) => !g.canRemove).map((g) => g.siteGroupName),
    [data.siteGroups],
  );
  const ruleErrors = useMemo(
    () =>
      validateRemodelForm(formRuleInput(values, data), {
        existingPlanNames,
        unremovableGroups,
        asOfDate: data.asOfDate,
      }),
    [values, data, existingPlanNames, unremovableGroups],
  );

  const clearServer = (key: string) =>
    setServerErrors((prev) => {
      if (!(key in prev)) return prev;
      const next = { ...prev };
      delete next[key];
      return next;
    });

  const set = <K extends keyof RemodelValues>(key: K, value: RemodelValues[K]) => {
    setValues((prev) => ({ ...prev, [key]: value }));
    clearServer(key);
  };
  const setFigure = (key: FigureKey, text: string) => {
    setValues((prev) => withFigure(prev, key, text));
    clearServer(key);
  };
  const setGroup = (index: number, patch: Partial<SiteGroupValues>) => {
    setValues((prev) => ({
      ...prev,
      siteGroups: prev.siteGroups.map((g, i) => (i === index ? { ...g, ...patch } : g)),
    }));
    for (const key of Object.keys(patch)) clearServer(`siteGroups.${index}.${key}`);
  };
  const touch = (key: string) => setTouched((prev) => (prev.has(key) ? prev : new Set(prev).add(key)));

  /** The message to show under a field: the rule's once touched or submitted, else the server's. */
  const errorOf = (key: string): string | undefined =>
    ((submitted || touched.has(key)) && ruleErrors[key]) || serverErrors[key];

  const mutation = useMutation({
    mutationFn: () => submitRemodel(studyId, toBody(values, data)),
    onSuccess: async (rows) => {
      notify.success(REMODEL_MESSAGES.submitted);
      await queryClient.invalidateQueries({ queryKey: ['plans'] });
      const first = rows[0];
      if (first) void navigate(`/ctpo/study-plans/${first.studyId}/${first.studyPlanId}/review`);
    },
    onError: (error) => {
      notify.error(REMODEL_MESSAGES.submitError);
      if (isApiError(error) && error.status === 400)
        setServerErrors(serverErrorsToForm(error.fields, values));
    },
  });

  const submit = () => {
    setSubmitted(true);
    // The form submits only when valid (spec/3 section 4).
    if (Object.keys(ruleErrors).length > 0 || mutation.isPending) return false;
    mutation.mutate();
    return true;
  };

  return { values, set, setFigure, setGroup, touch, errorOf, submit, pending: mutation.isPending };
}

export type RemodelForm = ReturnType<typeof useRemodelForm>;

import { SOE_LIMITS, SoeCloneBody, type SoeListRow } from '@predict/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '@/lib/api-client';
import { issueMessages, serverFieldMessages } from '../utils/field-messages';
import { soeEditorPath } from '../utils/soe-paths';
import { useCloneSoe } from './use-soe-mutations';

/** The clone's suggested name (ours): 'Copy of …', cut to the name limit. */
export const cloneSoeDefaultName = (name: string) => `Copy of ${name}`.slice(0, SOE_LIMITS.nameMax);

export type CloneSoeField = 'name' | 'description';

export type CloneSoeSource = Pick<
  SoeListRow,
  'scheduleOfEventsId' | 'scheduleOfEventsName' | 'scheduleOfEventsDescr'
>;

/**
 * The Clone SOE form's state, judged by the shared SoeCloneBody schema the server uses too: messages show for
 * fields the user has edited; a server 400's field messages show on their fields until the field is edited again,
 * and one naming neither field shows as the form's problem. A clone that succeeds opens in the editor.
 */
export function useCloneSoeForm(studyId: number, soe: CloneSoeSource) {
  const navigate = useNavigate();
  const clone = useCloneSoe(studyId);
  const [values, setValues] = useState({
    name: cloneSoeDefaultName(soe.scheduleOfEventsName),
    description: soe.scheduleOfEventsDescr,
  });
  const [touched, setTouched] = useState<ReadonlySet<CloneSoeField>>(new Set());
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);

  const body = { scheduleOfEventsId: soe.scheduleOfEventsId, studyId, ...values };
  const parsed = SoeCloneBody.safeParse(body);
  const local = parsed.success ? {} : issueMessages(parsed.error.issues);
  const errors: Record<string, string> = { ...serverErrors };
  for (const f of touched) if (local[f]) errors[f] = local[f];

  /** Sets a field (which counts as touched); a server message about that field no longer applies. */
  const set = (field: CloneSoeField, value: string) => {
    setValues((prev) => ({ ...prev, [field]: value }));
    setTouched((prev) => new Set([...prev, field]));
    setServerErrors(({ [field]: _, ...rest }) => rest);
  };

  const submit = () => {
    if (!parsed.success || clone.isPending) return;
    setProblem(null);
    clone.mutate(
      { ...body, name: values.name.trim(), description: values.description.trim() },
      {
        onSuccess: (id) => void navigate(soeEditorPath(studyId, id)),
        onError: (error) => {
          if (!isApiError(error) || error.status !== 400) return;
          const fields = serverFieldMessages(error);
          setServerErrors(fields);
          if (!fields.name && !fields.description) setProblem(error.message);
        },
      },
    );
  };

  return {
    values,
    set,
    touched,
    errors,
    valid: parsed.success,
    problem,
    submit,
    pending: clone.isPending,
  };
}

export type CloneSoeForm = ReturnType<typeof useCloneSoeForm>;

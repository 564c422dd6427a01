import { SoeFormBody } from '@predict/shared';
import { useMemo, useState } from 'react';
import type { ApiError } from '@/lib/api-client';
import { issueMessages, serverFieldMessages } from '../utils/field-messages';

export type SoeFormField = keyof SoeFormBody;

/** The ad hoc review as typed: '' is none, anything else is read as a number (NaN fails the shared rule). */
const adhocValue = (text: string) => (text.trim() === '' ? null : Number(text.trim()));

const blankToNull = (text: string | null) => (text === null || text.trim() === '' ? null : text.trim());

/** What is sent: texts trimmed, empty optional texts as null (the rules judge the trimmed text the same way). */
export function soeFormBody(values: SoeFormBody): SoeFormBody {
  return {
    ...values,
    scheduleOfEventsName: values.scheduleOfEventsName.trim(),
    scheduleOfEventsDescr: values.scheduleOfEventsDescr.trim(),
    assessorName: blankToNull(values.assessorName),
    protocolVersion: values.protocolVersionNotAvailable ? null : blankToNull(values.protocolVersion),
    protocolDate: values.protocolDateNotAvailable ? null : values.protocolDate,
  };
}

const same = (a: SoeFormBody, b: SoeFormBody) =>
  JSON.stringify(soeFormBody(a)) === JSON.stringify(soeFormBody(b));

/**
 * The SOE form's state (spec/2 sections 4 and 5), judged by the shared SoeFormBody schema the server uses too:
 * messages show for fields the user has touched; `canSave` needs a valid form that differs from where it started;
 * a server 400's field messages show on their fields until the field is edited again.
 */
export function useSoeForm(initial: SoeFormBody) {
  const [values, setValues] = useState(initial);
  const [adhocText, setAdhocText] = useState(initial.StudyAdhocReview?.toString() ?? '');
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  const parsed = useMemo(() => SoeFormBody.safeParse(values), [values]);
  const localErrors = useMemo(() => (parsed.success ? {} : issueMessages(parsed.error.issues)), [parsed]);
  const errors: Record<string, string> = { ...serverErrors };
  for (const [field, message] of Object.entries(localErrors)) if (touched.has(field)) errors[field] = message;

  const touch = (...fields: SoeFormField[]) =>
    setTouched((prev) => (fields.every((f) => prev.has(f)) ? prev : new Set([...prev, ...fields])));

  /** Sets a field; a server message about that field no longer applies. */
  function set<K extends SoeFormField>(field: K, value: SoeFormBody[K]) {
    setValues((prev) => {
      const next = { ...prev, [field]: value };
      // 'Not Available' clears the value it stands for (spec/2 section 4).
      if (field === 'protocolVersionNotAvailable' && value === true) next.protocolVersion = null;
      if (field === 'protocolDateNotAvailable' && value === true) next.protocolDate = null;
      return next;
    });
    setServerErrors(({ [field]: _, ...rest }) => rest);
    if (field === 'protocolVersionNotAvailable') touch('protocolVersion');
    else if (field === 'protocolDateNotAvailable') touch('protocolDate');
    else touch(field);
  }

  const setAdhoc = (text: string) => {
    setAdhocText(text);
    set('StudyAdhocReview', adhocValue(text));
  };

  return {
    values,
    adhocText,
    errors,
    set,
    setAdhoc,
    touch,
    valid: parsed.success,
    changed: !same(values, initial),
    body: () => soeFormBody(values),
    /** Shows a 400's field messages; answers the message when none of them names a field of the form. */
    showServerErrors: (error: ApiError): string | null => {
      const fields = serverFieldMessages(error);
      setServerErrors(fields);
      return Object.keys(fields).some((f) => f in values) ? null : error.message;
    },
  };
}

export type SoeForm = ReturnType<typeof useSoeForm>;

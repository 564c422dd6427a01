import {
  SITE_GROUP_SAVE_FAILED_MESSAGE,
  SITE_GROUP_SAVED_MESSAGE,
  type AdminSiteGroup,
  type SiteGroupDayField,
} from '@predict/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNotify } from '@/components/snackbars';
import { isApiError } from '@/lib/api-client';
import { adminSiteGroupQueryKey, saveAdminSiteGroup } from '../api/admin-site-groups';
import {
  completeProfileColumn,
  formFromSiteGroup,
  monthPath,
  profilePath,
  saveBody,
  validateForm,
  type FieldErrors,
  type SiteGroupForm,
} from '../utils/site-group-form-model';

/** The server's messages by field, without the 'body.' its paths start with. */
const serverFieldErrors = (fields: { path: string; message: string }[]): FieldErrors =>
  Object.fromEntries(fields.map((f) => [f.path.replace(/^body\./, ''), f.message]));

/**
 * The edit state of one site group (read at one version): view, edit, then save or cancel (spec/3 section 4).
 * Messages come from the shared rules as the user types; the server's ones stay on their field until it is edited.
 */
export function useSiteGroupForm(group: AdminSiteGroup) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const initial = useMemo(() => formFromSiteGroup(group), [group]);
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState(initial);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [conflict, setConflict] = useState(false);

  const errors = useMemo(() => ({ ...validateForm(form), ...serverErrors }), [form, serverErrors]);
  const dirty = JSON.stringify(form) !== JSON.stringify(initial);

  const save = useMutation({
    mutationFn: () => saveAdminSiteGroup(saveBody(form, group)),
    onSuccess: (saved) => {
      notify.success(SITE_GROUP_SAVED_MESSAGE);
      // The new version remounts this form (its key), which ends editing.
      queryClient.setQueryData(adminSiteGroupQueryKey(saved.siteGroupId), saved);
    },
    onError: (error) => {
      notify.error(SITE_GROUP_SAVE_FAILED_MESSAGE);
      if (!isApiError(error)) return;
      if (error.status === 400) setServerErrors(serverFieldErrors(error.fields));
      if (error.status === 409) setConflict(true);
    },
  });

  const actions = useMemo(() => {
    // Typing into a field clears the server's message for it: the next save judges the new value.
    const edit = (path: string, change: (f: SiteGroupForm) => SiteGroupForm) => {
      setServerErrors(({ [path]: _edited, ...rest }) => rest);
      setForm(change);
    };
    return {
      setDay: (field: SiteGroupDayField, value: string) =>
        edit(field, (f) => ({ ...f, days: { ...f.days, [field]: value } })),
      /** 'No' forces the days to first site ID to 0 (spec/3 section 4). */
      setRolling: (rolling: 0 | 1) =>
        edit('firstSiteIdDays', (f) => ({
          ...f,
          isRollingSubmission: rolling,
          days: rolling === 0 ? { ...f.days, firstSiteIdDays: '0' } : f.days,
        })),
      setProfileCell: (index: number, cell: 'sites' | 'days', value: string) =>
        edit(profilePath(index, cell), (f) => ({
          ...f,
          profile: f.profile.map((p, i) => (i === index ? { ...p, [cell]: value } : p)),
        })),
      completeProfileColumn: (index: number) =>
        setForm((f) => ({
          ...f,
          profile: f.profile.map((p, i) => (i === index ? completeProfileColumn(p) : p)),
        })),
      setMonth: (month: number, value: string) =>
        edit(monthPath(month), (f) => ({ ...f, months: f.months.map((v, m) => (m === month ? value : v)) })),
    };
  }, []);

  return {
    form,
    editing,
    errors,
    conflict,
    saving: save.isPending,
    canSave: editing && dirty && !save.isPending && Object.keys(errors).length === 0,
    /** Edits not yet saved: leaving the page asks first. */
    hasUnsavedChanges: editing && dirty,
    startEditing: () => setEditing(true),
    cancel: () => {
      setForm(initial);
      setServerErrors({});
      setEditing(false);
    },
    save: () => save.mutate(),
    reload: () => queryClient.invalidateQueries({ queryKey: adminSiteGroupQueryKey(group.siteGroupId) }),
    /** Stable across renders, so that the memoised inputs re-render only when their own value changes. */
    actions,
  };
}
export type SiteGroupFormState = ReturnType<typeof useSiteGroupForm>;

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { NEW_SOE_FORM, SOE_MESSAGES, soeFormValues, type SoeDetail, type SoeFormBody } from '@predict/shared';
import { useId, useState, type FormEvent } from 'react';
import { useStudyPlans } from '@/features/plans';
import { isApiError } from '@/lib/api-client';
import { useSoeForm } from '../hooks/use-soe-form';
import { FORM_SX } from '../utils/field-messages';
import { useCreateSoe, useEditSoe } from '../hooks/use-soe-mutations';
import { SoeFormFields } from './soe-form-fields';

export const SOE_DIALOG_TITLES = {
  create: 'Create Schedule of Events',
  edit: 'Edit Schedule of Events',
  view: 'View Schedule of Events',
} as const;

type Mode = keyof typeof SOE_DIALOG_TITLES;

interface FormDialogProps {
  mode: Mode;
  studyId: number;
  initial: SoeFormBody;
  onClose: () => void;
  /** Sends the form; resolves when saved. */
  submit?: (body: SoeFormBody) => Promise<unknown>;
  pending?: boolean;
}

function SoeFormDialog({ mode, studyId, initial, onClose, submit, pending = false }: FormDialogProps) {
  const titleId = useId();
  const form = useSoeForm(initial);
  const plans = useStudyPlans(studyId);
  const [problem, setProblem] = useState<string | null>(null);
  const readOnly = mode === 'view';
  const canSave = !readOnly && form.valid && form.changed && !pending;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSave || !submit) return;
    setProblem(null);
    try {
      await submit(form.body());
      onClose();
    } catch (error) {
      if (isApiError(error) && error.status === 400) setProblem(form.showServerErrors(error));
      else if (isApiError(error) && error.status === 409) setProblem(SOE_MESSAGES.staleVersion);
    }
  };

  return (
    <Dialog open onClose={pending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <Box component="form" noValidate onSubmit={(e: FormEvent) => void save(e)} sx={FORM_SX}>
        <DialogTitle id={titleId}>{SOE_DIALOG_TITLES[mode]}</DialogTitle>
        <DialogContent dividers>
          {problem && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {problem}
            </Alert>
          )}
          <SoeFormFields form={form} plans={plans.data ?? []} readOnly={readOnly} />
        </DialogContent>
        <DialogActions>
          {readOnly ? (
            <Button variant="contained" onClick={onClose} autoFocus>
              Close
            </Button>
          ) : (
            <>
              <Button onClick={onClose} disabled={pending}>
                Cancel
              </Button>
              <Button type="submit" variant="contained" disabled={!canSave} loading={pending}>
                Save
              </Button>
            </>
          )}
        </DialogActions>
      </Box>
    </Dialog>
  );
}

export interface CreateSoeDialogProps {
  studyId: number;
  onClose: () => void;
  /** After the server created the SOE, with its id. */
  onCreated?: (soeId: number) => void;
}

/** Create Schedule of Events (spec/2 section 2): the form's defaults (Draft, Day, USD); Save sends it. */
export function CreateSoeDialog({ studyId, onClose, onCreated }: CreateSoeDialogProps) {
  const create = useCreateSoe(studyId);
  return (
    <SoeFormDialog
      mode="create"
      studyId={studyId}
      initial={NEW_SOE_FORM}
      onClose={onClose}
      pending={create.isPending}
      submit={async (body) => {
        // Not `onCreated?.(await …)`: without onCreated that would skip the request itself.
        const id = await create.mutateAsync(body);
        onCreated?.(id);
      }}
    />
  );
}

export interface EditSoeDialogProps {
  /** The SOE as read (GET /ctpo/soe/{id}); its version goes with the save (409 when someone saved since). */
  soe: SoeDetail;
  onClose: () => void;
  /** After the save succeeded (the dialog then closes), with the version it saved against. */
  onSaved?: (savedVersion: number) => void;
}

/** Edit Schedule of Events: Save only when the form is valid and something changed (spec/2 section 4). */
export function EditSoeDialog({ soe, onClose, onSaved }: EditSoeDialogProps) {
  const edit = useEditSoe(soe.studyId);
  return (
    <SoeFormDialog
      mode="edit"
      studyId={soe.studyId}
      initial={soeFormValues(soe)}
      onClose={onClose}
      pending={edit.isPending}
      submit={async (body) => {
        const version = soe.version;
        await edit.mutateAsync({ ...body, scheduleOfEventsId: soe.scheduleOfEventsId, version });
        onSaved?.(version);
      }}
    />
  );
}

/** View Schedule of Events: the same form, every field disabled, and Close (spec/2 sections 2 and 6). */
export function ViewSoeDialog({ soe, onClose }: { soe: SoeDetail; onClose: () => void }) {
  return <SoeFormDialog mode="view" studyId={soe.studyId} initial={soeFormValues(soe)} onClose={onClose} />;
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { SOE_LIMITS, SoeCloneBody, type SoeListRow } from '@predict/shared';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '@/lib/api-client';
import { useCloneSoe } from '../hooks/use-soe-mutations';
import { FORM_SX, issueMessages, serverFieldMessages } from '../utils/field-messages';
import { soeEditorPath } from '../utils/soe-paths';

/** The clone's suggested name (ours): 'Copy of …', cut to the name limit. */
export const cloneSoeDefaultName = (name: string) => `Copy of ${name}`.slice(0, SOE_LIMITS.nameMax);

type Field = 'name' | 'description';

/**
 * Clone (spec/2 sections 2 and 5): a new name and description; the server copies everything below the SOE and the
 * clone opens in the editor. Name uniqueness comes from the server (400 on the name).
 */
export function CloneSoeDialog({
  studyId,
  soe,
  onClose,
}: {
  studyId: number;
  soe: Pick<SoeListRow, 'scheduleOfEventsId' | 'scheduleOfEventsName' | 'scheduleOfEventsDescr'>;
  onClose: () => void;
}) {
  const titleId = useId();
  const navigate = useNavigate();
  const clone = useCloneSoe(studyId);
  const [values, setValues] = useState({
    name: cloneSoeDefaultName(soe.scheduleOfEventsName),
    description: soe.scheduleOfEventsDescr,
  });
  const [touched, setTouched] = useState<ReadonlySet<Field>>(new Set());
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);

  const body = { scheduleOfEventsId: soe.scheduleOfEventsId, studyId, ...values };
  const parsed = SoeCloneBody.safeParse(body);
  const local = parsed.success ? {} : issueMessages(parsed.error.issues);
  const errors: Record<string, string> = { ...serverErrors };
  for (const f of touched) if (local[f]) errors[f] = local[f];

  const edit = (field: Field, value: string) => {
    setValues((prev) => ({ ...prev, [field]: value }));
    setTouched((prev) => new Set([...prev, field]));
    setServerErrors(({ [field]: _, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
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

  return (
    <Dialog
      open
      onClose={clone.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <Box component="form" noValidate onSubmit={submit} sx={FORM_SX}>
        <DialogTitle id={titleId}>Clone Schedule of Events</DialogTitle>
        <DialogContent>
          {problem && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {problem}
            </Alert>
          )}
          <Stack spacing={2} sx={{ mt: 1 }}>
            <TextField
              label="SOE Name"
              required
              autoFocus
              size="small"
              value={values.name}
              onChange={(e) => edit('name', e.target.value)}
              error={errors.name !== undefined}
              helperText={errors.name ?? `${values.name.length}/${SOE_LIMITS.nameMax}`}
              slotProps={{ htmlInput: { maxLength: SOE_LIMITS.nameMax } }}
            />
            <TextField
              label="SOE Description"
              required
              multiline
              minRows={2}
              maxRows={6}
              size="small"
              value={values.description}
              onChange={(e) => edit('description', e.target.value)}
              error={errors.description !== undefined}
              helperText={errors.description ?? `${values.description.length}/${SOE_LIMITS.descriptionMax}`}
              slotProps={{ htmlInput: { maxLength: SOE_LIMITS.descriptionMax } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={clone.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={!parsed.success} loading={clone.isPending}>
            Clone
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

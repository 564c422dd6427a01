import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SITE_GROUP_VERSION_CONFLICT_MESSAGE, type AdminSiteGroup } from '@predict/shared';
import { useUnsavedChangesGuard } from '@/hooks/use-unsaved-changes-guard';
import { useSiteGroupForm } from '../hooks/use-site-group-form';
import { ActivationProfileTable } from './activation-profile-table';
import { SeasonalVariationTable } from './seasonal-variation-table';
import { SiteGroupCards } from './site-group-cards';

export const leaveSiteGroupMessage = (name: string) =>
  `You have unsaved changes to ${name}. Leave without saving them?`;

/** One site group: header with its ids, Edit/Cancel and Save for admins, the cards and the two tables. */
export function SiteGroupForm({ group, canEdit }: { group: AdminSiteGroup; canEdit: boolean }) {
  const state = useSiteGroupForm(group);
  useUnsavedChangesGuard(state.hasUnsavedChanges, {
    message: leaveSiteGroupMessage(group.siteGroupName),
    okLabel: 'Leave',
    cancelLabel: 'Stay',
  });
  return (
    <Stack
      component="form"
      spacing={2}
      aria-label={group.siteGroupName}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (state.canSave) state.save();
      }}
    >
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }} useFlexGap>
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="h5" component="h2">
            {group.siteGroupName}
          </Typography>
          <Typography color="text.secondary">
            {`Site Group ID: ${group.siteGroupId} · Country ID: ${group.countryId} (${group.countryName})`}
          </Typography>
        </Box>
        {canEdit && (
          <Stack direction="row" spacing={1}>
            {state.editing ? (
              <Button variant="outlined" onClick={state.cancel} disabled={state.saving}>
                Cancel
              </Button>
            ) : (
              <Button variant="outlined" onClick={state.startEditing}>
                Edit
              </Button>
            )}
            <Button type="submit" variant="contained" disabled={!state.canSave}>
              {state.saving ? 'Saving...' : 'Save'}
            </Button>
          </Stack>
        )}
      </Stack>
      {state.conflict && (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={() => void state.reload()}>
              Reload
            </Button>
          }
        >
          {SITE_GROUP_VERSION_CONFLICT_MESSAGE}
        </Alert>
      )}
      <SiteGroupCards state={state} />
      <ActivationProfileTable state={state} />
      <SeasonalVariationTable state={state} />
    </Stack>
  );
}

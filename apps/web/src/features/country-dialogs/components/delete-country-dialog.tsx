import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import {
  COUNTRY_REMOVE_FAILED_MESSAGE,
  COUNTRY_REMOVED_MESSAGE,
  type PlanCountry,
  type StudyPlan,
} from '@predict/shared';
import { useId, useState } from 'react';
import { useNotify } from '@/components/snackbars';
import { deleteCountry, useRefreshPlan } from '../api/country-dialogs-api';
import { usedSiteGroup } from '../utils/country-values';

export interface DeleteCountryDialogProps {
  open: boolean;
  plan: StudyPlan;
  country: PlanCountry;
  onClose: () => void;
  onRemoved: () => void;
}

/** Delete Country (spec/1 sections 2 and 8): warns that it cannot be undone, then removes the country. */
export function DeleteCountryDialog({ open, plan, country, onClose, onRemoved }: DeleteCountryDialogProps) {
  const notify = useNotify();
  const refreshPlan = useRefreshPlan(plan.studyPlanId);
  const titleId = useId();
  const textId = useId();
  const [removing, setRemoving] = useState(false);
  const group = usedSiteGroup(country);

  const remove = async () => {
    if (!group) return;
    setRemoving(true);
    try {
      const answer = await deleteCountry(plan.studyId, {
        studyPlanId: plan.studyPlanId,
        siteGroupId: group.siteGroupId,
        rowVersion: plan.rowVersion,
      });
      if (answer[0]?.returnCode !== '200') throw new Error('Country not removed.');
      await refreshPlan();
      notify.success(COUNTRY_REMOVED_MESSAGE);
      onRemoved();
    } catch {
      notify.error(COUNTRY_REMOVE_FAILED_MESSAGE);
    } finally {
      setRemoving(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={removing ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
    >
      <DialogTitle id={titleId}>Remove Country</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          {`Remove ${country.countryName}${group ? ` (${group.siteGroupName})` : ''} from this plan? ` +
            'This cannot be undone, and any data you changed for this country will be lost.'}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={removing}>
          Cancel
        </Button>
        <Button
          variant="contained"
          color="error"
          onClick={() => void remove()}
          disabled={!group}
          loading={removing}
        >
          Remove Country
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import type { PlanCountry, StudyPlan } from '@predict/shared';
import { useId, useRef } from 'react';
import { useConfirmSiteBounds } from '../hooks/use-confirm-site-bounds';
import { useEditCountrySave } from '../hooks/use-edit-country-save';
import { useEditCountryValues } from '../hooks/use-edit-country-values';
import { countryLabel, usedSiteGroup } from '../utils/country-values';
import { needsUpperBound } from '../utils/site-range';
import { CountryDialogForm } from './country-dialog-form';
import { SiteRangeFields } from './site-range-fields';

export { resetProfilesMessage, upperBoundMessage } from '../utils/site-bound-questions';

export interface EditCountryDialogProps {
  open: boolean;
  plan: StudyPlan;
  country: PlanCountry;
  onClose: () => void;
  onSaved: () => void;
}

/** Edit Country (spec/1 sections 2, 4, 5): bounds, Site ID effort and start-up time frame of one country. */
export function EditCountryDialog(props: EditCountryDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={props.open} onClose={props.onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{`Edit Country: ${props.country.countryName}`}</DialogTitle>
      {props.open && <EditCountryForm {...props} />}
    </Dialog>
  );
}

function EditCountryForm({ plan, country, onClose, onSaved }: EditCountryDialogProps) {
  const withUpper = needsUpperBound(plan);
  const group = usedSiteGroup(country);
  const edit = useEditCountryValues(country, withUpper);
  const { original, values, check } = edit;
  const confirmBounds = useConfirmSiteBounds({
    label: countryLabel(country),
    withUpper,
    initial: original.range,
    onVoided: edit.restoreRange,
  });
  const saveButton = useRef<HTMLButtonElement>(null);
  const { saving, save } = useEditCountrySave({
    plan,
    country,
    group,
    withUpper,
    original,
    values,
    confirmBounds,
    onSaved,
  });

  const blocked =
    saving ||
    !edit.changed ||
    values.range.lower === '' ||
    (withUpper && values.range.upper === '') ||
    !check.complete ||
    values.effort === '' ||
    values.startUp === '';

  return (
    <CountryDialogForm
      saving={saving}
      saveDisabled={blocked}
      onCancel={onClose}
      onSave={() => void save()}
      saveRef={saveButton}
    >
      <SiteRangeFields
        withUpper={withUpper}
        range={values.range}
        check={check}
        onRangeChange={edit.changeRange}
        // Leaving for Save is left to Save, which asks itself: a warning opened on the way (mouse down)
        // would swallow the click, and the user would have to press Save twice.
        onRangeBlur={(_, next) => {
          if (next !== saveButton.current) void confirmBounds(values.range);
        }}
        effort={values.effort}
        onEffortChange={edit.changeEffort}
        startUp={values.startUp}
        onStartUpChange={edit.changeStartUp}
        days={group ?? null}
        disabled={saving}
      />
    </CountryDialogForm>
  );
}

import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import type { StudyPlan } from '@predict/shared';
import { useId } from 'react';
import { useAddCountryForm } from '../hooks/use-add-country-form';
import { useAddCountrySave } from '../hooks/use-add-country-save';
import { CountryChoiceFields } from './country-choice-fields';
import { CountryDialogForm } from './country-dialog-form';
import { SiteRangeFields } from './site-range-fields';

export interface AddCountryDialogProps {
  open: boolean;
  plan: StudyPlan;
  onClose: () => void;
  /** After the server added it: the new country's tab and its site group in the plan. */
  onAdded: (result: { tabIndex: number; studyPlanSiteGroupId: number }) => void;
}

/** Add Country (spec/1 sections 2, 4, 5): a country (and site group), its site range, effort and time frame. */
export function AddCountryDialog(props: AddCountryDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={props.open} onClose={props.onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Add Country</DialogTitle>
      {/* Mounted only while open: every opening starts from an empty form. */}
      {props.open && <AddCountryForm {...props} />}
    </Dialog>
  );
}

function AddCountryForm({ plan, onClose, onAdded }: AddCountryDialogProps) {
  const form = useAddCountryForm(plan);
  const { saving, save } = useAddCountrySave(plan, form, onAdded);
  return (
    <CountryDialogForm
      saving={saving}
      saveDisabled={!form.ready || saving}
      onCancel={onClose}
      onSave={() => void save()}
    >
      <CountryChoiceFields form={form} disabled={saving} />
      <SiteRangeFields
        withUpper={form.withUpper}
        range={form.range}
        check={form.check}
        onRangeChange={form.changeRange}
        effort={form.effort}
        onEffortChange={form.setEffort}
        startUp={form.startUp}
        onStartUpChange={form.setStartUp}
        days={form.group}
        disabled={saving}
      />
    </CountryDialogForm>
  );
}

import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import {
  NOT_ALL_SAVES_MESSAGE,
  SAVE_SUCCESSFUL_MESSAGE,
  type PlanCountry,
  type StudyPlan,
} from '@predict/shared';
import { useId, useRef, useState } from 'react';
import { useNotify } from '@/components/snackbars';
import { useConfirm } from '@/components/warning-dialog';
import { patchCountry, useRefreshPlan } from '../api/country-dialogs-api';
import { countryLabel, editValuesOf, usedSiteGroup, type EditCountryValues } from '../utils/country-values';
import { checkSiteRange, effortBound, needsUpperBound, siteIdEffortFor } from '../utils/site-range';
import type { SiteRange } from '../utils/site-range';
import { SiteRangeFields } from './site-range-fields';

export interface EditCountryDialogProps {
  open: boolean;
  plan: StudyPlan;
  country: PlanCountry;
  onClose: () => void;
  onSaved: () => void;
}

export const resetProfilesMessage = (country: string) =>
  `Changing the number of activated sites resets the activation profiles of ${country} to their defaults. Keep the change?`;
export const upperBoundMessage = (country: string, from: string, to: string) =>
  `Change the upper bound of activated sites of ${country} from ${from || 'empty'} to ${to || 'empty'}? ` +
  'Its activation profiles are reset to their defaults.';

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
  const notify = useNotify();
  const confirm = useConfirm();
  const refreshPlan = useRefreshPlan(plan.studyPlanId);
  const withUpper = needsUpperBound(plan);
  const group = usedSiteGroup(country);
  const label = countryLabel(country);
  const [original] = useState<EditCountryValues>(() => editValuesOf(country));
  const [values, setValues] = useState<EditCountryValues>(original);
  // The bounds the user has confirmed so far; a bound differing from them still needs its warning.
  const confirmed = useRef<SiteRange>(original.range);
  const asking = useRef<Promise<SiteRange> | null>(null);
  const saveButton = useRef<HTMLButtonElement>(null);
  const [saving, setSaving] = useState(false);

  const check = checkSiteRange(values.range, withUpper);
  const changed =
    values.range.lower !== original.range.lower ||
    (withUpper && values.range.upper !== original.range.upper) ||
    values.effort !== original.effort ||
    values.startUp !== original.startUp;
  const blocked =
    saving ||
    !changed ||
    values.range.lower === '' ||
    (withUpper && values.range.upper === '') ||
    !check.complete ||
    values.effort === '' ||
    values.startUp === '';

  /** The effort a range gives: the saved one for the saved bounds, else the one the bound derives. */
  const effortFor = (range: SiteRange, fallback: EditCountryValues['effort']) => {
    if (range.lower === original.range.lower && range.upper === original.range.upper) return original.effort;
    return siteIdEffortFor(effortBound(checkSiteRange(range, withUpper), withUpper)) ?? fallback;
  };

  const changeRange = (field: keyof SiteRange, value: string) =>
    setValues((v) => {
      const range = { ...v.range, [field]: value };
      return { ...v, range, effort: effortFor(range, v.effort) };
    });

  /**
   * Asks about each bound that differs from the last confirmed one (spec/1 section 4): OK keeps the change,
   * Cancel puts the confirmed value back. One question at a time: blur and Save may both ask.
   */
  const confirmBounds = (range: SiteRange): Promise<SiteRange> => {
    if (asking.current) return asking.current;
    const run = async () => {
      const next = { ...range };
      if (next.lower !== '' && next.lower !== confirmed.current.lower) {
        if (!(await confirm(resetProfilesMessage(label)))) next.lower = confirmed.current.lower;
      }
      if (withUpper && next.upper !== '' && next.upper !== confirmed.current.upper) {
        const from = confirmed.current.upper;
        if (!(await confirm(upperBoundMessage(label, from, next.upper)))) next.upper = from;
      }
      confirmed.current = {
        lower: next.lower || confirmed.current.lower,
        upper: next.upper || confirmed.current.upper,
      };
      if (next.lower !== range.lower || next.upper !== range.upper) {
        // A voided change also voids the effort it derived.
        setValues((v) => ({ ...v, range: next, effort: effortFor(next, original.effort) }));
      }
      return next;
    };
    asking.current = run().finally(() => {
      asking.current = null;
    });
    return asking.current;
  };

  const save = async () => {
    if (!group) return;
    setSaving(true);
    const range = await confirmBounds(values.range);
    const final = checkSiteRange(range, withUpper);
    const nothingLeft =
      range.lower === original.range.lower &&
      range.upper === original.range.upper &&
      values.effort === original.effort &&
      values.startUp === original.startUp;
    if (nothingLeft || !final.complete || values.effort === '' || values.startUp === '') {
      setSaving(false);
      return;
    }
    try {
      const answer = await patchCountry({
        studyPlanId: plan.studyPlanId,
        countryId: country.countryId,
        rowVersion: plan.rowVersion,
        siteGroups: [
          {
            siteGroupId: group.siteGroupId,
            NUM_SITES_ACTIVATED_LOWER: final.lower,
            NUM_SITES_ACTIVATED_UPPER: final.upper,
            timeSiteIdSize: values.effort,
            timeCountryStartUpSize: values.startUp,
          },
        ],
      });
      const allSaved = answer.length > 0 && answer.every((row) => row.returnCode === '200');
      await refreshPlan();
      if (!allSaved) {
        notify.error(NOT_ALL_SAVES_MESSAGE);
        setSaving(false);
        return;
      }
      notify.success(SAVE_SUCCESSFUL_MESSAGE);
      onSaved();
    } catch {
      notify.error(NOT_ALL_SAVES_MESSAGE);
      setSaving(false);
    }
  };

  return (
    <>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <SiteRangeFields
            withUpper={withUpper}
            range={values.range}
            check={check}
            onRangeChange={changeRange}
            // Leaving for Save is left to Save, which asks itself: a warning opened on the way (mouse down)
            // would swallow the click, and the user would have to press Save twice.
            onRangeBlur={(_, next) => {
              if (next !== saveButton.current) void confirmBounds(values.range);
            }}
            effort={values.effort}
            onEffortChange={(effort) => setValues((v) => ({ ...v, effort }))}
            startUp={values.startUp}
            onStartUpChange={(startUp) => setValues((v) => ({ ...v, startUp }))}
            days={group ?? null}
            disabled={saving}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button
          ref={saveButton}
          variant="contained"
          onClick={() => void save()}
          disabled={blocked}
          loading={saving}
        >
          Save
        </Button>
      </DialogActions>
    </>
  );
}

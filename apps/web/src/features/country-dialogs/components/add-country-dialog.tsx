import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { COUNTRY_ALREADY_ADDED_MESSAGE, type SiteGroupOption, type StudyPlan } from '@predict/shared';
import { useId, useMemo, useState } from 'react';
import { useNotify } from '@/components/snackbars';
import { isApiError } from '@/lib/api-client';
import {
  addCountry,
  useCountryOptions,
  useRefreshPlan,
  useSiteGroupOptions,
} from '../api/country-dialogs-api';
import { checkSiteRange, effortBound, needsUpperBound, siteIdEffortFor } from '../utils/site-range';
import type { SiteIdSize, SiteRange, StartUpSize } from '../utils/site-range';
import { SiteRangeFields } from './site-range-fields';

export interface AddCountryDialogProps {
  open: boolean;
  plan: StudyPlan;
  onClose: () => void;
  /** After the server added it: the new country's tab and its site group in the plan. */
  onAdded: (result: { tabIndex: number; studyPlanSiteGroupId: number }) => void;
}

interface CountryChoice {
  countryId: number;
  label: string;
  groups: SiteGroupOption[];
}

/** The countries that have site groups, each with its groups (the USA has several), sorted by name. */
function countryChoices(groups: SiteGroupOption[], names: Map<number, string>): CountryChoice[] {
  const byCountry = new Map<number, CountryChoice>();
  for (const g of groups) {
    const choice = byCountry.get(g.countryId) ?? {
      countryId: g.countryId,
      label: `${names.get(g.countryId) ?? g.countryName} (${g.countryCodeISO3})`,
      groups: [],
    };
    choice.groups.push(g);
    byCountry.set(g.countryId, choice);
  }
  return [...byCountry.values()].sort((a, b) => a.label.localeCompare(b.label));
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
  const notify = useNotify();
  const refreshPlan = useRefreshPlan(plan.studyPlanId);
  const siteGroups = useSiteGroupOptions(true);
  const countries = useCountryOptions(true);
  const withUpper = needsUpperBound(plan);
  const [country, setCountry] = useState<CountryChoice | null>(null);
  const [groupId, setGroupId] = useState<number | ''>('');
  const [range, setRange] = useState<SiteRange>({ lower: '', upper: '' });
  const [effort, setEffort] = useState<SiteIdSize | ''>('');
  const [startUp, setStartUp] = useState<StartUpSize | ''>('');
  const [saving, setSaving] = useState(false);

  const choices = useMemo(
    () =>
      countryChoices(
        siteGroups.data ?? [],
        new Map((countries.data ?? []).map((c) => [c.countryId, c.countryName])),
      ),
    [siteGroups.data, countries.data],
  );
  const group = country?.groups.find((g) => g.siteGroupId === groupId) ?? null;
  const check = checkSiteRange(range, withUpper);
  const ready = group !== null && check.complete && effort !== '' && startUp !== '';

  const changeRange = (field: keyof SiteRange, value: string) => {
    const next = { ...range, [field]: value };
    setRange(next);
    // The effort follows the bound it derives from; the user may still choose another one afterwards.
    const derived = siteIdEffortFor(effortBound(checkSiteRange(next, withUpper), withUpper));
    if (derived) setEffort(derived);
  };

  const chooseCountry = (choice: CountryChoice | null) => {
    setCountry(choice);
    setGroupId(choice?.groups.length === 1 ? choice.groups[0]!.siteGroupId : '');
  };

  const save = async () => {
    if (!group || !ready) return;
    const inPlan = plan.countries.some((c) => c.siteGroups.some((g) => g.siteGroupId === group.siteGroupId));
    if (inPlan) {
      notify.error(COUNTRY_ALREADY_ADDED_MESSAGE);
      return;
    }
    setSaving(true);
    try {
      const answer = await addCountry(plan.studyId, {
        studyPlanId: plan.studyPlanId,
        siteGroupId: group.siteGroupId,
        NUM_SITES_ACTIVATED_LOWER: check.lower,
        NUM_SITES_ACTIVATED_UPPER: check.upper,
        siteIdEffort: effort,
        countryStartUpTimeFrame: startUp,
        rowVersion: plan.rowVersion,
      });
      const first = answer[0];
      if (!first || first.returnCode !== '200') throw new Error('Country not added.');
      await refreshPlan();
      onAdded({ tabIndex: first.tabIndex, studyPlanSiteGroupId: first.studyPlanSiteGroupId });
    } catch (error) {
      // spec/1 section 8: a failed add only clears the loading state, unless the country is already there.
      if (isApiError(error) && error.message === COUNTRY_ALREADY_ADDED_MESSAGE) {
        notify.error(COUNTRY_ALREADY_ADDED_MESSAGE);
      }
      setSaving(false);
    }
  };

  const loadFailed = siteGroups.isError;
  return (
    <>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {loadFailed && (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void siteGroups.refetch()}>
                  Retry
                </Button>
              }
            >
              The countries could not be loaded.
            </Alert>
          )}
          <Autocomplete
            options={choices}
            value={country}
            onChange={(_e, value) => chooseCountry(value)}
            getOptionLabel={(c) => c.label}
            isOptionEqualToValue={(a, b) => a.countryId === b.countryId}
            loading={siteGroups.isPending}
            disabled={saving}
            renderInput={(params) => <TextField {...params} label="Country" required size="small" />}
          />
          {country && country.groups.length > 1 && (
            <TextField
              select
              label="Site Group"
              value={groupId}
              onChange={(e) => setGroupId(Number(e.target.value))}
              disabled={saving}
              required
              size="small"
            >
              {country.groups.map((g) => (
                <MenuItem key={g.siteGroupId} value={g.siteGroupId}>
                  {g.siteGroupName}
                </MenuItem>
              ))}
            </TextField>
          )}
          <SiteRangeFields
            withUpper={withUpper}
            range={range}
            check={check}
            onRangeChange={changeRange}
            effort={effort}
            onEffortChange={setEffort}
            startUp={startUp}
            onStartUpChange={setStartUp}
            days={group}
            disabled={saving}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={!ready || saving} loading={saving}>
          Save
        </Button>
      </DialogActions>
    </>
  );
}

import type { StudyPlan } from '@predict/shared';
import { useMemo, useState } from 'react';
import { useCountryOptions, useSiteGroupOptions } from '../api/country-dialogs-api';
import { countryChoices, type CountryChoice } from '../utils/country-choices';
import {
  checkSiteRange,
  derivedSiteIdEffort,
  needsUpperBound,
  type SiteIdSize,
  type SiteRange,
  type StartUpSize,
} from '../utils/site-range';

/** The Add Country fields: the country and site group chosen, the site range, effort and time frame. */
export function useAddCountryForm(plan: StudyPlan) {
  const siteGroups = useSiteGroupOptions(true);
  const countries = useCountryOptions(true);
  const withUpper = needsUpperBound(plan);
  const [country, setCountry] = useState<CountryChoice | null>(null);
  const [groupId, setGroupId] = useState<number | ''>('');
  const [range, setRange] = useState<SiteRange>({ lower: '', upper: '' });
  const [effort, setEffort] = useState<SiteIdSize | ''>('');
  const [startUp, setStartUp] = useState<StartUpSize | ''>('');

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
    const derived = derivedSiteIdEffort(next, withUpper);
    if (derived) setEffort(derived);
  };

  const chooseCountry = (choice: CountryChoice | null) => {
    setCountry(choice);
    setGroupId(choice?.groups.length === 1 ? choice.groups[0]!.siteGroupId : '');
  };

  return {
    siteGroups,
    withUpper,
    choices,
    country,
    chooseCountry,
    groupId,
    setGroupId,
    group,
    range,
    changeRange,
    check,
    effort,
    setEffort,
    startUp,
    setStartUp,
    ready,
  };
}

export type AddCountryForm = ReturnType<typeof useAddCountryForm>;

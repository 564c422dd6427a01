import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { COUNTRY_LEVEL_SITE_ID, type SoeSiteGroupEntry } from '@predict/shared';
import { useMemo } from 'react';

export interface SitePickerProps {
  /** All entries of GET /ctpo/soe/{id}/sitegroups; the picker offers the current group's entries. */
  entries: SoeSiteGroupEntry[];
  siteGroupId: number;
  siteId: number;
  onChange: (siteId: number) => void;
  /** Choosing a site only changes the view, so read-only users keep it; this turns it off (e.g. while saving). */
  disabled?: boolean;
}

interface SiteOption {
  siteId: number;
  label: string;
}

const COUNTRY_LEVEL_LABEL = 'Country level';

/** The picker's options: the country-level entry (site 1) first, then the group's selectable sites by label. */
export function siteOptions(entries: SoeSiteGroupEntry[], siteGroupId: number): SiteOption[] {
  const group = entries.filter((e) => e.siteGroupId === siteGroupId);
  const country = group.find((e) => e.siteId === COUNTRY_LEVEL_SITE_ID);
  const sites = group
    .filter((e) => e.siteId !== COUNTRY_LEVEL_SITE_ID)
    .map((e) => ({ siteId: e.siteId, label: e.dropDownListLabel || e.siteNumber || `Site ${e.siteId}` }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const countryLabel =
    country?.dropDownListLabel || `${country?.tabLabel ?? ''} ${COUNTRY_LEVEL_LABEL}`.trim();
  return [{ siteId: COUNTRY_LEVEL_SITE_ID, label: countryLabel }, ...sites];
}

/** The searchable Site List picker of a country tab (spec/2 section 2); type to filter, arrows and Enter pick. */
export function SitePicker({ entries, siteGroupId, siteId, onChange, disabled }: SitePickerProps) {
  const options = useMemo(() => siteOptions(entries, siteGroupId), [entries, siteGroupId]);
  const value = options.find((o) => o.siteId === siteId) ?? options[0]!;
  return (
    <Autocomplete
      options={options}
      value={value}
      onChange={(_, option) => {
        if (option && option.siteId !== siteId) onChange(option.siteId);
      }}
      isOptionEqualToValue={(a, b) => a.siteId === b.siteId}
      getOptionKey={(o) => o.siteId}
      disableClearable
      disabled={disabled}
      size="small"
      sx={{ minWidth: 260 }}
      renderInput={(params) => <TextField {...params} label="Site List" />}
    />
  );
}

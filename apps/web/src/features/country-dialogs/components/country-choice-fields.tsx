import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { AddCountryForm } from '../hooks/use-add-country-form';

/** Add Country's country and, for a country with several site groups (the USA), its site group. */
export function CountryChoiceFields({ form, disabled }: { form: AddCountryForm; disabled: boolean }) {
  const { siteGroups, choices, country, chooseCountry, groupId, setGroupId } = form;
  return (
    <>
      {siteGroups.isError && (
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
        disabled={disabled}
        renderInput={(params) => <TextField {...params} label="Country" required size="small" />}
      />
      {country && country.groups.length > 1 && (
        <TextField
          select
          label="Site Group"
          value={groupId}
          onChange={(e) => setGroupId(Number(e.target.value))}
          disabled={disabled}
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
    </>
  );
}

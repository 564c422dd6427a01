import type { PlanCountry } from '@predict/shared';
import { useState } from 'react';
import { editValuesOf, type EditCountryValues } from '../utils/country-values';
import { checkSiteRange, derivedSiteIdEffort, type SiteRange } from '../utils/site-range';

/** The Edit Country fields, the saved values they started from, and how the Site ID effort follows the bounds. */
export function useEditCountryValues(country: PlanCountry, withUpper: boolean) {
  const [original] = useState<EditCountryValues>(() => editValuesOf(country));
  const [values, setValues] = useState<EditCountryValues>(original);

  const check = checkSiteRange(values.range, withUpper);
  const changed =
    values.range.lower !== original.range.lower ||
    (withUpper && values.range.upper !== original.range.upper) ||
    values.effort !== original.effort ||
    values.startUp !== original.startUp;

  /** The effort a range gives: the saved one for the saved bounds, else the one the bound derives. */
  const effortFor = (range: SiteRange, fallback: EditCountryValues['effort']) => {
    if (range.lower === original.range.lower && range.upper === original.range.upper) return original.effort;
    return derivedSiteIdEffort(range, withUpper) ?? fallback;
  };

  const changeRange = (field: keyof SiteRange, value: string) =>
    setValues((v) => {
      const range = { ...v.range, [field]: value };
      return { ...v, range, effort: effortFor(range, v.effort) };
    });

  // A voided change also voids the effort it derived.
  const restoreRange = (range: SiteRange) =>
    setValues((v) => ({ ...v, range, effort: effortFor(range, original.effort) }));

  return {
    original,
    values,
    check,
    changed,
    changeRange,
    restoreRange,
    changeEffort: (effort: EditCountryValues['effort']) => setValues((v) => ({ ...v, effort })),
    changeStartUp: (startUp: EditCountryValues['startUp']) => setValues((v) => ({ ...v, startUp })),
  };
}

export type EditCountryValuesState = ReturnType<typeof useEditCountryValues>;

import { SOE_FORECAST_MESSAGES as M, SoeSupplyQuery, SUPPLY_DEFAULTS } from '@predict/shared';
import { useState } from 'react';
import { useDebouncedValue } from '@/hooks/use-debounced-value';

/** The supply settings as typed (numbers as text, so a field can be cleared while typing). */
export interface SupplySettingsValues {
  confidence: number;
  leadWeeks: string;
  siteStock: string;
}

export type SupplySettingsErrors = Partial<Record<'leadWeeks' | 'siteStock', string>>;

const INITIAL: SupplySettingsValues = {
  confidence: SUPPLY_DEFAULTS.confidence,
  leadWeeks: String(SUPPLY_DEFAULTS.leadWeeks),
  siteStock: String(SUPPLY_DEFAULTS.siteStock),
};

/** Each field's error by the server's rule (SoeSupplyQuery); a blank field is not a value. */
export function supplySettingsErrors(values: SupplySettingsValues): SupplySettingsErrors {
  const errors: SupplySettingsErrors = {};
  if (!SoeSupplyQuery.shape.leadWeeks.safeParse(values.leadWeeks.trim() || 'x').success)
    errors.leadWeeks = M.supplyLeadWeeks;
  if (!SoeSupplyQuery.shape.siteStock.safeParse(values.siteStock.trim() || 'x').success)
    errors.siteStock = M.supplySiteStock;
  return errors;
}

const queryOf = (values: SupplySettingsValues): SoeSupplyQuery | null =>
  Object.keys(supplySettingsErrors(values)).length > 0 ? null : SoeSupplyQuery.parse(values);

/**
 * The IP supply tab's settings: the values, their errors, and the query of the last valid values, debounced so
 * that typing a lead time asks the server once (an invalid value keeps the last plan on screen).
 */
export function useSupplySettings() {
  const [values, setValues] = useState(INITIAL);
  const [valid, setValid] = useState(() => queryOf(INITIAL)!);
  const set = (patch: Partial<SupplySettingsValues>) => {
    const next = { ...values, ...patch };
    setValues(next);
    const query = queryOf(next);
    if (query) setValid(query);
  };
  const query = useDebouncedValue(valid, 300);
  return { values, errors: supplySettingsErrors(values), query, set };
}

import Stack from '@mui/material/Stack';
import { COUNTRY_LEVEL_SITE_ID, type SoeSiteGroupEntry } from '@predict/shared';
import { memo, type Dispatch } from 'react';
import type { EditorAction } from '../state/editor-reducer';
import { levelId, type EditorState } from '../state/editor-state';
import {
  BusinessFunctionSelect,
  ContractEffectiveDatePicker,
  LevelCurrencyField,
  RefreshSiteListButton,
  SitePicker,
} from './sections';

export interface LevelControlsProps {
  entries: SoeSiteGroupEntry[];
  siteGroupId: number;
  siteId: number;
  /** The SOE currency as loaded (the study level's). */
  soeCurrency: string;
  currencies: EditorState['currencies'];
  contractDates: EditorState['contractDates'];
  readOnly: boolean;
  saving: boolean;
  bf: string | null;
  onSite: (siteId: number) => void;
  onBusinessFunction: (bf: string | null) => void;
  onRefreshSites: () => Promise<{ message: string }>;
  dispatch: Dispatch<EditorAction>;
  /** Told when a typed exchange rate or contract date turns invalid and valid again (Save waits for it). */
  onValidity: (field: string, valid: boolean) => void;
}

/**
 * The level's currency; on country tabs the site picker and REFRESH SITE LIST, and for a chosen site its contract
 * date and the Business Function.
 */
export const LevelControls = memo(function LevelControls(p: LevelControlsProps) {
  const { siteGroupId, siteId } = p;
  const id = levelId(siteGroupId, siteId);
  const entry = p.entries.find((e) => e.siteGroupId === siteGroupId && e.siteId === siteId);
  const changed = p.currencies[id];
  const study = siteGroupId === 0;
  const own = changed ?? {
    currency: study ? (entry?.currency ?? p.soeCurrency) : (entry?.currency ?? null),
    exchangeRate: entry?.exchangeRate ?? null,
  };
  const contractDate =
    id in p.contractDates ? p.contractDates[id]! : (entry?.siteContractEffectiveDate ?? null);
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start', flexWrap: 'wrap', rowGap: 1, mb: 1 }}>
      <LevelCurrencyField
        currency={own.currency}
        exchangeRate={own.exchangeRate}
        effectiveCurrency={entry?.effectiveCurrency ?? p.soeCurrency}
        effectiveExchangeRate={entry?.effectiveExchangeRate ?? null}
        showExchangeRate={!study}
        clearable={!study}
        onValidityChange={(valid) => p.onValidity(`currency-${id}`, valid)}
        readOnly={p.readOnly}
        onChange={(value) => p.dispatch({ type: 'setCurrency', siteGroupId, siteId, value })}
      />
      {!study && (
        <>
          <SitePicker
            entries={p.entries}
            siteGroupId={siteGroupId}
            siteId={siteId}
            onChange={p.onSite}
            disabled={p.saving}
          />
          {/* One picker per site: an unreadable entry does not follow the user to another site. */}
          <ContractEffectiveDatePicker
            key={id}
            siteId={siteId}
            value={contractDate}
            readOnly={p.readOnly}
            onValidityChange={(valid) => p.onValidity(`contract-date-${id}`, valid)}
            onChange={(date) => p.dispatch({ type: 'setContractDate', siteGroupId, siteId, date })}
          />
          {/* Site-level tabs only (spec/2 section 2), like the contract date: not at the country level. */}
          {siteId !== COUNTRY_LEVEL_SITE_ID && (
            <BusinessFunctionSelect value={p.bf} onChange={p.onBusinessFunction} disabled={p.saving} />
          )}
          <RefreshSiteListButton onRefresh={p.onRefreshSites} readOnly={p.readOnly} />
        </>
      )}
    </Stack>
  );
});

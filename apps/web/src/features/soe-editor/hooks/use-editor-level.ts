import type { SoeSiteGroupEntry } from '@predict/shared';
import { useEffect, useMemo } from 'react';
import { sourceCurrenciesOf } from '../components/levels/inherited';
import { editorTabs } from '../components/soe-tab-strip';
import { levelId, type EditorState } from '../state/editor-state';
import type { EditorAddress } from './use-editor-address';

/**
 * The tab and level (site group and site) the editor shows, from the address, and their currencies. A missing or
 * out-of-range tab is the Study tab, whose site is 1; the address is settled to what is shown.
 */
export function useEditorLevel(
  address: EditorAddress,
  siteGroups: SoeSiteGroupEntry[],
  currencies: EditorState['currencies'],
  soeCurrency: string,
) {
  const tabs = useMemo(() => editorTabs(siteGroups), [siteGroups]);
  const tabIndex = address.sg < tabs.length ? address.sg : 0;
  const tab = tabs[tabIndex];
  const siteGroupId = tab?.siteGroupId ?? 0;
  const siteId = siteGroupId === 0 ? 1 : address.siteId;
  const { settle } = address;
  useEffect(() => settle({ sg: tabIndex, siteId }), [settle, tabIndex, siteId]);
  const entry = siteGroups.find((e) => e.siteGroupId === siteGroupId && e.siteId === siteId);
  const levelCurrency =
    currencies[levelId(siteGroupId, siteId)]?.currency ?? entry?.effectiveCurrency ?? soeCurrency;
  const studyCurrency = currencies[levelId(0, 1)]?.currency ?? soeCurrency;
  const sources = useMemo(
    () => sourceCurrenciesOf(currencies, siteGroups, soeCurrency, siteGroupId, siteId),
    [currencies, siteGroups, soeCurrency, siteGroupId, siteId],
  );
  return { tabs, tabIndex, siteGroupId, siteId, levelCurrency, studyCurrency, sources };
}

import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

const intParam = (value: string | null, fallback: number) => {
  const n = Number(value);
  return value !== null && value !== '' && Number.isInteger(n) && n >= 0 ? n : fallback;
};

/** The editor's view in the address, in the spec's order; bf is empty while no business function is chosen. */
interface AddressView {
  bf: string | null;
  siteId: number;
  sg: number;
}
const OWN_KEYS = ['bf', 'siteId', 'sg'];

/** The address's parameters for `view`, the editor's three first, then any others as they were. */
function paramsOf(view: AddressView, prev: URLSearchParams) {
  const p = new URLSearchParams({ bf: view.bf ?? '', siteId: String(view.siteId), sg: String(view.sg) });
  prev.forEach((value, key) => {
    if (!OWN_KEYS.includes(key)) p.append(key, value);
  });
  return p;
}

/**
 * The editor's address state (spec/2 section 2): bf (business function), siteId (default 1) and sg (tab index,
 * default 0). The address always names all three once the editor has shown (see `settle`).
 */
export function useEditorAddress() {
  const [params, setParams] = useSearchParams();
  const sg = intParam(params.get('sg'), 0);
  const siteId = intParam(params.get('siteId'), 1) || 1;
  const bf = params.get('bf') || null;
  const update = useCallback(
    (next: Partial<AddressView>) =>
      setParams((prev) => {
        const current = {
          bf: prev.get('bf') || null,
          siteId: intParam(prev.get('siteId'), 1) || 1,
          sg: intParam(prev.get('sg'), 0),
        };
        return paramsOf({ ...current, ...next }, prev);
      }),
    [setParams],
  );
  /** A tab change starts at the country-level entry (site 1). */
  const setTab = useCallback((index: number) => update({ sg: index, siteId: 1 }), [update]);
  const setSite = useCallback((id: number) => update({ siteId: id }), [update]);
  const setBusinessFunction = useCallback((value: string | null) => update({ bf: value }), [update]);
  const written = params.get('sg') !== null && params.get('siteId') !== null && params.get('bf') !== null;
  /**
   * Writes the view the editor shows (a missing or out-of-range tab is the Study tab, whose site is 1) into the
   * address in place of the one it came with, so that the first load names it too and Back skips the bare address.
   */
  const settle = useCallback(
    (shown: { sg: number; siteId: number }) => {
      if (written && shown.sg === sg && shown.siteId === siteId) return;
      setParams((prev) => paramsOf({ bf: prev.get('bf') || null, ...shown }, prev), { replace: true });
    },
    [written, sg, siteId, setParams],
  );
  return { sg, siteId, bf, setTab, setSite, setBusinessFunction, settle };
}

/** What useEditorAddress returns: the view in the address and its setters. */
export type EditorAddress = ReturnType<typeof useEditorAddress>;

import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

const intParam = (value: string | null, fallback: number) => {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n >= 0 ? n : fallback;
};

/** The editor's address state (spec/2 section 2): sg (tab index, default 0), siteId (default 1) and bf. */
export function useEditorAddress() {
  const [params, setParams] = useSearchParams();
  const sg = intParam(params.get('sg'), 0);
  const siteId = intParam(params.get('siteId'), 1) || 1;
  const bf = params.get('bf');
  const update = useCallback(
    (next: { sg?: number; siteId?: number; bf?: string | null }) =>
      setParams(
        (prev) => {
          const p = new URLSearchParams(prev);
          if (next.sg !== undefined) p.set('sg', String(next.sg));
          if (next.siteId !== undefined) p.set('siteId', String(next.siteId));
          if (next.bf !== undefined) {
            if (next.bf) p.set('bf', next.bf);
            else p.delete('bf');
          }
          return p;
        },
        { replace: false },
      ),
    [setParams],
  );
  /** A tab change starts at the country-level entry (site 1). */
  const setTab = useCallback((index: number) => update({ sg: index, siteId: 1 }), [update]);
  const setSite = useCallback((id: number) => update({ siteId: id }), [update]);
  const setBusinessFunction = useCallback((value: string | null) => update({ bf: value }), [update]);
  return { sg, siteId, bf, setTab, setSite, setBusinessFunction };
}

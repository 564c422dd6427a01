import { useCallback, useMemo, useState } from 'react';
import type { CountryDraft } from '../utils/country-draft';

/** The server's field messages of the last save, by site group and field key. */
export type ServerMessages = Map<number, Record<string, string>>;

/**
 * The user's edits over the saved country drafts, and the server's messages of the last save: a change to a field
 * clears that field's server message.
 */
export function useCountryDraftEdits(saved: Map<number, CountryDraft>) {
  const [edits, setEdits] = useState<Map<number, CountryDraft>>(new Map());
  const [serverMessages, setServerMessages] = useState<ServerMessages>(new Map());
  const drafts = useMemo(
    () => new Map([...saved].map(([id, d]) => [id, edits.get(id) ?? d] as const)),
    [saved, edits],
  );

  const change = useCallback(
    (id: number, keys: string[], update: (d: CountryDraft) => CountryDraft) => {
      setEdits((prev) => {
        const current = prev.get(id) ?? saved.get(id);
        return current ? new Map(prev).set(id, update(current)) : prev;
      });
      setServerMessages((prev) => {
        const own = prev.get(id);
        if (!own || !keys.some((k) => k in own)) return prev;
        const rest = Object.fromEntries(Object.entries(own).filter(([k]) => !keys.includes(k)));
        return new Map(prev).set(id, rest);
      });
    },
    [saved],
  );

  /** Puts the server's 400 field messages under their fields. */
  const showServerMessages = useCallback((fields: { id: number; key: string; message: string }[]) => {
    const next: ServerMessages = new Map();
    for (const f of fields) next.set(f.id, { ...next.get(f.id), [f.key]: f.message });
    setServerMessages(next);
  }, []);

  const discard = useCallback(() => {
    setEdits(new Map());
    setServerMessages(new Map());
  }, []);

  /** After the Edit Country dialog: its sites and the reset profile replace what the tab held of them. */
  const takeSavedSites = useCallback((id: number, fresh: CountryDraft) => {
    setEdits((prev) => {
      const current = prev.get(id);
      if (!current) return prev;
      return new Map(prev).set(id, {
        ...current,
        inputs: { ...current.inputs, NUM_SITES_ACTIVATED: fresh.inputs.NUM_SITES_ACTIVATED },
        activation: fresh.activation,
      });
    });
  }, []);

  return { drafts, serverMessages, change, showServerMessages, discard, takeSavedSites };
}

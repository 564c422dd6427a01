import { completeActivationPair, PROJECTED_LABEL } from '@predict/shared';
import type { ActivationPointDraft, CountryDraft } from './country-draft';
import { numberOf } from './step2-rows';

/** The two cells of an activation-profile column. */
export type ActivationCell = 'sites' | 'days';

/** The message key of one cell of the activation profile. */
export const activationKey = (slot: number, cell: ActivationCell) => `activationProfiles.${slot}.${cell}`;

/** The draft with one cell of its own profile set. */
export function withActivationCell(
  d: CountryDraft,
  slot: number,
  cell: ActivationCell,
  value: string,
): CountryDraft {
  const points = d.activation.points.map((p, i): ActivationPointDraft => {
    if (i !== slot) return p;
    const next = { ...p, [cell]: value };
    const wasEmpty = p.sites === '' && p.days === '';
    const isEmpty = next.sites === '' && next.days === '';
    // A value on an empty column is a projected point; clearing both cells clears the label (spec/1 section 4).
    if (isEmpty) return { ...next, label: null };
    return wasEmpty ? { ...next, label: PROJECTED_LABEL } : next;
  });
  return { ...d, activation: { ...d.activation, points } };
}

/** Leaving a column with only one of its cells filled puts 0 in the other. */
export function completedActivationColumn(d: CountryDraft, slot: number): CountryDraft {
  const p = d.activation.points[slot];
  if (!p) return d;
  const pair = completeActivationPair({ sites: numberOf(p.sites), days: numberOf(p.days) });
  const sites = pair.sites === null ? p.sites : String(pair.sites);
  const days = pair.days === null ? p.days : String(pair.days);
  if (sites === p.sites && days === p.days) return d;
  const points = d.activation.points.map((q, i) => (i === slot ? { ...q, sites, days } : q));
  return { ...d, activation: { ...d.activation, points } };
}

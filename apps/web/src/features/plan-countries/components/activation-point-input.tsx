import type { KeyboardEvent } from 'react';
import {
  activationKey,
  completedActivationColumn,
  withActivationCell,
  type ActivationCell,
} from '../utils/activation-cells';
import type { ActivationPointDraft } from '../utils/country-draft';
import { NumberInput } from './number-input';
import type { SectionProps } from './section-props';

/** '# of Sites' takes whole non-negative numbers only: '.', '-', 'e' and 'E' never get in (spec/1 section 5). */
const BLOCKED_SITE_KEYS = new Set(['.', '-', 'e', 'E', '+']);
const BLOCKED_DAY_KEYS = new Set(['.', 'e', 'E', '+']);

/** Whole numbers without leading zeros ('007' reads '7'); days may be typed negative to get their message. */
export const acceptSites = (raw: string, previous: string) =>
  /^\d*$/.test(raw) ? raw.replace(/^0+(?=\d)/, '') : previous;
export const acceptDays = (raw: string, previous: string) =>
  /^-?\d*$/.test(raw) ? raw.replace(/^(-?)0+(?=\d)/, '$1') : previous;

const onKeyDown = (blocked: Set<string>) => (e: KeyboardEvent<HTMLInputElement>) => {
  if (blocked.has(e.key)) e.preventDefault();
  // Enter confirms the value: leaving the cell completes its pair.
  if (e.key === 'Enter') e.currentTarget.blur();
};

export interface ActivationPointInputProps extends Pick<SectionProps, 'message' | 'change'> {
  slot: number;
  cell: ActivationCell;
  point: ActivationPointDraft;
  editable: boolean;
  /** Messages show only under the country's own points, not under the default profile. */
  showMessage: boolean;
}

/** One '# of Sites' or 'Days' cell of an activation-profile column. */
export function ActivationPointInput({
  slot,
  cell,
  point,
  editable,
  showMessage,
  message,
  change,
}: ActivationPointInputProps) {
  return (
    <NumberInput
      label={`${cell === 'sites' ? '# of Sites' : 'Days'} ${slot + 1}`}
      hiddenLabel
      compact
      width={76}
      value={point[cell]}
      disabled={!editable}
      message={showMessage ? message(activationKey(slot, cell)) : undefined}
      accept={cell === 'sites' ? acceptSites : acceptDays}
      onKeyDown={onKeyDown(cell === 'sites' ? BLOCKED_SITE_KEYS : BLOCKED_DAY_KEYS)}
      onChange={(v) => change([activationKey(slot, cell)], (d) => withActivationCell(d, slot, cell, v))}
      columnId={`activation-${slot}`}
      onBlur={(e) => {
        // Moving between the two cells of a column is not leaving it: only then is the pair completed.
        const to = e.relatedTarget instanceof HTMLElement ? e.relatedTarget.dataset.column : undefined;
        if (to !== `activation-${slot}`)
          change([activationKey(slot, 'sites'), activationKey(slot, 'days')], (d) =>
            completedActivationColumn(d, slot),
          );
      }}
    />
  );
}

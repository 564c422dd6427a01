import { useRef } from 'react';
import { useConfirm } from '@/components/warning-dialog';
import { resetProfilesMessage, upperBoundMessage } from '../utils/site-bound-questions';
import type { SiteRange } from '../utils/site-range';

interface ConfirmSiteBoundsArgs {
  /** The country as the questions name it. */
  label: string;
  withUpper: boolean;
  /** The saved bounds: confirmed from the start. */
  initial: SiteRange;
  /** Puts back the bounds after the user voided a change. */
  onVoided: (range: SiteRange) => void;
}

/**
 * Asks about each bound that differs from the last confirmed one (spec/1 section 4): OK keeps the change,
 * Cancel puts the confirmed value back. One question at a time: blur and Save may both ask.
 */
export function useConfirmSiteBounds({ label, withUpper, initial, onVoided }: ConfirmSiteBoundsArgs) {
  const confirm = useConfirm();
  // The bounds the user has confirmed so far; a bound differing from them still needs its warning.
  const confirmed = useRef<SiteRange>(initial);
  const asking = useRef<Promise<SiteRange> | null>(null);

  return (range: SiteRange): Promise<SiteRange> => {
    if (asking.current) return asking.current;
    const run = async () => {
      const next = { ...range };
      if (next.lower !== '' && next.lower !== confirmed.current.lower) {
        if (!(await confirm(resetProfilesMessage(label)))) next.lower = confirmed.current.lower;
      }
      if (withUpper && next.upper !== '' && next.upper !== confirmed.current.upper) {
        const from = confirmed.current.upper;
        if (!(await confirm(upperBoundMessage(label, from, next.upper)))) next.upper = from;
      }
      confirmed.current = {
        lower: next.lower || confirmed.current.lower,
        upper: next.upper || confirmed.current.upper,
      };
      if (next.lower !== range.lower || next.upper !== range.upper) onVoided(next);
      return next;
    };
    asking.current = run().finally(() => {
      asking.current = null;
    });
    return asking.current;
  };
}

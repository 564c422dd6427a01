import type { ActivationShapePoint } from '@predict/shared';
import { useConfirm } from '@/components/warning-dialog';
import type { CountryDraft } from '../utils/country-draft';
import type { Step2Drafts } from './use-step2-drafts';

export const sitesChangeWarning = (label: string, ownProfile: boolean) =>
  `Changing the number of activated sites of ${label} resets its activation profile to the default for the new number when the plan is saved.` +
  (ownProfile ? ' The profile entered for this country is discarded.' : '');

/**
 * The warning before a country's number of activated sites changes. Resolves true when the user goes ahead (the
 * activation profile is reset then), false when the change is dropped.
 */
export function useConfirmSitesChange({
  label,
  groupId,
  draft,
  drafts,
  reference,
}: {
  label: string;
  groupId: number;
  draft: CountryDraft;
  drafts: Step2Drafts;
  /** The site group's reference profile the default is scaled from (undefined while loading). */
  reference: ActivationShapePoint[] | undefined;
}) {
  const confirm = useConfirm();
  return async () => {
    const ok = await confirm({
      title: 'Warning!',
      message: sitesChangeWarning(label, draft.activation.overrideFl),
    });
    // The profile follows the new count: the country goes back to the default, as saving will store it.
    if (ok) drafts.resetActivation(groupId, reference);
    return ok;
  };
}

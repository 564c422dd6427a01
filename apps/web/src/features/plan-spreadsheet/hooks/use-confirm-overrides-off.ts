import { activationMismatches, type ParsedPlan, type StudyPlan } from '@predict/shared';
import { useConfirm } from '@/components/warning-dialog';

export const mismatchMessage = (country: string, lastCard: number, sites: number) =>
  `${country}: the last activation profile card (${lastCard} sites) differs from the activated sites ` +
  `(${sites}). Continue and turn this country's activation profile override off (the default profile is used)?`;

/**
 * Before a plan file is sent: asks, country by country, whether to turn off an activation-profile override whose
 * last card differs from the country's sites. Resolves the file's rows agreed to, or null once one is cancelled.
 */
export function useConfirmOverridesOff(plan: StudyPlan) {
  const confirm = useConfirm();
  return async (parsed: ParsedPlan): Promise<number[] | null> => {
    const remodel = plan.studyPlanTypeDetail.startsWith('Remodel');
    const overrideOffRows: number[] = [];
    for (const m of activationMismatches(parsed, plan.studyPlanType, remodel)) {
      const ok = await confirm({
        title: 'Warning!',
        message: mismatchMessage(m.country, m.lastCard, m.sites),
      });
      if (!ok) return null;
      overrideOffRows.push(m.row);
    }
    return overrideOffRows;
  };
}

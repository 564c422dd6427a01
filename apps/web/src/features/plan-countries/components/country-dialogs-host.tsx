import type { PlanCountry, StudyPlan } from '@predict/shared';
import {
  AddCountryDialog,
  CtisSubmissionDialog,
  DeleteCountryDialog,
  EditCountryDialog,
} from '@/features/country-dialogs';
import type { Step2Drafts } from '../hooks/use-step2-drafts';
import { countryTabs, draftFromGroup } from '../utils/country-draft';

export type Step2DialogName = 'add' | 'edit' | 'delete' | 'ctis';

/**
 * Step 2's country dialogs: Add Country, CTIS Submission, and Edit / Delete of the tab's country. Each closes with
 * `onClose`; after a change the plan is read again and the tab follows the country added or removed.
 */
export function CountryDialogsHost({
  dialog,
  plan,
  hasCtis,
  tabCountry,
  tabGroupId,
  tabIndex,
  selectTab,
  refetchPlan,
  drafts,
  onClose,
}: {
  dialog: Step2DialogName | null;
  plan: StudyPlan;
  hasCtis: boolean;
  /** The tab's country with only the tab's own site group (the USA has more than one). */
  tabCountry: PlanCountry | undefined;
  /** The tab's site group; none for a country whose site group is missing. */
  tabGroupId: number | undefined;
  tabIndex: number;
  selectTab: (index: number) => void;
  refetchPlan: () => Promise<StudyPlan>;
  drafts: Step2Drafts;
  onClose: () => void;
}) {
  // An edit may change the country's sites: the tab's drafts take the saved ones.
  const afterEdit = async () => {
    onClose();
    const fresh = await refetchPlan();
    const group = fresh.countries
      .flatMap((c) => c.siteGroups)
      .find((g) => g.studyPlanSiteGroupId === tabGroupId);
    if (group)
      drafts.takeSavedSites(group.studyPlanSiteGroupId, draftFromGroup(group, drafts.forcedOverride));
  };
  return (
    <>
      <AddCountryDialog
        open={dialog === 'add'}
        plan={plan}
        onClose={onClose}
        onAdded={({ tabIndex: countryIndex, studyPlanSiteGroupId }) => {
          onClose();
          // The server's tabIndex counts countries; a tab here is a site group (the USA may have two).
          void refetchPlan().then((fresh) => {
            const index = countryTabs(fresh).findIndex(
              (t) => t.group?.studyPlanSiteGroupId === studyPlanSiteGroupId,
            );
            selectTab(index >= 0 ? index : countryIndex);
          });
        }}
      />
      {hasCtis && (
        <CtisSubmissionDialog
          open={dialog === 'ctis'}
          plan={plan}
          onClose={onClose}
          onSaved={() => {
            onClose();
            void refetchPlan();
          }}
        />
      )}
      {tabCountry && (
        <>
          <EditCountryDialog
            open={dialog === 'edit'}
            plan={plan}
            country={tabCountry}
            onClose={onClose}
            onSaved={() => void afterEdit()}
          />
          <DeleteCountryDialog
            open={dialog === 'delete'}
            plan={plan}
            country={tabCountry}
            onClose={onClose}
            onRemoved={() => {
              onClose();
              selectTab(Math.max(0, tabIndex - 1));
              void refetchPlan();
            }}
          />
        </>
      )}
    </>
  );
}

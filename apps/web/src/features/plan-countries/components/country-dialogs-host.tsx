import type { PlanCountry, StudyPlan } from '@predict/shared';
import {
  AddCountryDialog,
  CtisSubmissionDialog,
  DeleteCountryDialog,
  EditCountryDialog,
} from '@/features/country-dialogs';
import type { Step2Drafts } from '../hooks/use-step2-drafts';
import { countryTabs, draftFromGroup, type CountryTab } from '../utils/country-draft';

export type Step2DialogName = 'add' | 'edit' | 'delete' | 'ctis';

interface CountryDialogsHostProps {
  dialog: Step2DialogName | null;
  plan: StudyPlan;
  hasCtis: boolean;
  /** The chosen tab: one site group of a country (the USA has more than one); none without countries. */
  tab: CountryTab | undefined;
  tabIndex: number;
  selectTab: (index: number) => void;
  refetchPlan: () => Promise<StudyPlan>;
  drafts: Step2Drafts;
  onClose: () => void;
}

/** What every country dialog gets: which one is open, the plan, and how the page follows a change. */
type DialogProps = Pick<CountryDialogsHostProps, 'dialog' | 'plan' | 'selectTab' | 'refetchPlan' | 'onClose'>;

/**
 * Step 2's country dialogs: Add Country, CTIS Submission, and Edit / Delete of the tab's country. Each closes with
 * `onClose`; after a change the plan is read again and the tab follows the country added or removed.
 */
export function CountryDialogsHost({
  hasCtis,
  tab,
  tabIndex,
  drafts,
  ...dialogProps
}: CountryDialogsHostProps) {
  // The dialogs act on the tab's own site group (the USA has more than one).
  const tabCountry = tab?.group ? { ...tab.country, siteGroups: [tab.group] } : tab?.country;
  return (
    <>
      <PlanCountryDialogs {...dialogProps} hasCtis={hasCtis} />
      {tabCountry && (
        <TabCountryDialogs
          {...dialogProps}
          country={tabCountry}
          groupId={tab?.group?.studyPlanSiteGroupId}
          tabIndex={tabIndex}
          drafts={drafts}
        />
      )}
    </>
  );
}

/** The dialogs of the plan's country list: Add Country (the tab follows the new country) and CTIS Submission. */
function PlanCountryDialogs({
  dialog,
  plan,
  hasCtis,
  selectTab,
  refetchPlan,
  onClose,
}: DialogProps & { hasCtis: boolean }) {
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
    </>
  );
}

/** Edit and Delete of the tab's country; after a delete the tab before it is chosen. */
function TabCountryDialogs({
  dialog,
  plan,
  country,
  groupId,
  tabIndex,
  selectTab,
  refetchPlan,
  drafts,
  onClose,
}: DialogProps & {
  /** The tab's country with only the tab's own site group. */
  country: PlanCountry;
  /** The tab's site group; none for a country whose site group is missing. */
  groupId: number | undefined;
  tabIndex: number;
  drafts: Step2Drafts;
}) {
  // An edit may change the country's sites: the tab's drafts take the saved ones.
  const afterEdit = async () => {
    onClose();
    const fresh = await refetchPlan();
    const group = fresh.countries
      .flatMap((c) => c.siteGroups)
      .find((g) => g.studyPlanSiteGroupId === groupId);
    if (group)
      drafts.takeSavedSites(group.studyPlanSiteGroupId, draftFromGroup(group, drafts.forcedOverride));
  };
  return (
    <>
      <EditCountryDialog
        open={dialog === 'edit'}
        plan={plan}
        country={country}
        onClose={onClose}
        onSaved={() => void afterEdit()}
      />
      <DeleteCountryDialog
        open={dialog === 'delete'}
        plan={plan}
        country={country}
        onClose={onClose}
        onRemoved={() => {
          onClose();
          selectTab(Math.max(0, tabIndex - 1));
          void refetchPlan();
        }}
      />
    </>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { COUNTRY_MILESTONES, type PlanSiteGroup } from '@predict/shared';
import type { ReactNode } from 'react';
import { useConfirm } from '@/components/warning-dialog';
import { useReferenceProfile } from '../hooks/use-reference-profile';
import type { Step2Drafts } from '../hooks/use-step2-drafts';
import type { CountryDraft } from '../utils/country-draft';
import { ActivationProfileSection } from './activation-profile-section';
import { CountryHeader } from './country-header';
import { CountryInputsSection } from './country-inputs-section';
import { MilestonesSection } from './milestones-section';
import { SeasonalVariationSection } from './seasonal-variation-section';
import { SiteFatigueSection } from './site-fatigue-section';

/** The step's anchors (spec/1 section 2), in page order. */
export const STEP2_ANCHORS = [
  { id: 'country-inputs', label: 'Country Inputs' },
  { id: 'country-milestones', label: 'Milestones' },
  { id: 'activation-profiles', label: 'Activation Profiles' },
  { id: 'seasonal-variation', label: 'Seasonal Variation' },
  { id: 'site-fatigue', label: 'Site Fatigue' },
  { id: 'sequential-cohort-setup', label: 'Sequential Cohorts' },
] as const;

const FSIV = COUNTRY_MILESTONES.find((m) => m.milestoneName === 'FIRST_SITE_INITIATED')!.milestoneId;

export const sitesChangeWarning = (label: string, ownProfile: boolean) =>
  `Changing the number of activated sites of ${label} resets its activation profile to the default for the new number when the plan is saved.` +
  (ownProfile ? ' The profile entered for this country is discarded.' : '');

function Anchored({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Box id={id} sx={{ scrollMarginTop: 80 }}>
      {children}
    </Box>
  );
}

/** One country tab: its header, the in-page links and its five tables (the cohort table follows the tabs). */
export function CountryPanel({
  label,
  group,
  drafts,
  disabled,
  canEdit,
  sequentialPlan,
  onEdit,
  onDelete,
}: {
  label: string;
  group: PlanSiteGroup;
  drafts: Step2Drafts;
  disabled: boolean;
  canEdit: boolean;
  sequentialPlan: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const confirm = useConfirm();
  const reference = useReferenceProfile(group.siteGroupId);
  const id = group.studyPlanSiteGroupId;
  const draft = drafts.drafts.get(id);
  if (!draft) return null;
  const section = {
    draft,
    disabled,
    message: (key: string) => drafts.message(id, key),
    change: (keys: string[], update: (d: CountryDraft) => CountryDraft) => drafts.change(id, keys, update),
  };

  const confirmSitesChange = async () => {
    const ok = await confirm({
      title: 'Warning!',
      message: sitesChangeWarning(label, draft.activation.overrideFl),
    });
    // The profile follows the new count: the country goes back to the default, as saving will store it.
    if (ok) drafts.resetActivation(id, reference);
    return ok;
  };

  return (
    <Stack spacing={3}>
      <CountryHeader title={label} group={group} canEdit={canEdit} onEdit={onEdit} onDelete={onDelete} />
      <Stack
        component="nav"
        aria-label="Sections"
        direction="row"
        spacing={2}
        sx={{ flexWrap: 'wrap' }}
        useFlexGap
      >
        {STEP2_ANCHORS.filter((a) => sequentialPlan || a.id !== 'sequential-cohort-setup').map((a) => (
          <Link key={a.id} href={`#${a.id}`}>
            {a.label}
          </Link>
        ))}
      </Stack>
      {drafts.datesNotice && <Alert severity="info">{drafts.datesNotice}</Alert>}
      <Anchored id="country-inputs">
        <CountryInputsSection
          {...section}
          scenarioB={drafts.scenarioB}
          sequential={drafts.sequential}
          confirmSitesChange={confirmSitesChange}
        />
      </Anchored>
      <Divider />
      <Anchored id="country-milestones">
        <MilestonesSection
          {...section}
          shown={(m) => drafts.shown(id, m)}
          computed={(m) => drafts.computed(id, m)}
        />
      </Anchored>
      <Divider />
      <Anchored id="activation-profiles">
        <ActivationProfileSection
          {...section}
          defaults={drafts.defaultPoints(id, reference)}
          forcedOverride={drafts.forcedOverride}
          fsivMillis={drafts.shown(id, FSIV)}
          resets={drafts.activationResets(id)}
        />
      </Anchored>
      <Divider />
      <Anchored id="seasonal-variation">
        <SeasonalVariationSection {...section} />
      </Anchored>
      <Divider />
      <Anchored id="site-fatigue">
        <SiteFatigueSection {...section} />
      </Anchored>
    </Stack>
  );
}

import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import { COUNTRY_MILESTONES, type ActivationShapePoint } from '@predict/shared';
import type { ReactNode } from 'react';
import { useConfirmSitesChange } from '../hooks/use-confirm-sites-change';
import type { Step2Drafts } from '../hooks/use-step2-drafts';
import type { CountryDraft } from '../utils/country-draft';
import { ActivationProfileSection } from './activation-profile-section';
import { CountryInputsSection } from './country-inputs-section';
import { MilestonesSection } from './milestones-section';
import { SeasonalVariationSection } from './seasonal-variation-section';
import { SiteFatigueSection } from './site-fatigue-section';

const FSIV = COUNTRY_MILESTONES.find((m) => m.milestoneName === 'FIRST_SITE_INITIATED')!.milestoneId;

function Anchored({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Box id={id} sx={{ scrollMarginTop: 80 }}>
      {children}
    </Box>
  );
}

/** A country tab's five tables, each under the anchor the in-page links point to. */
export function CountrySections({
  label,
  groupId,
  draft,
  drafts,
  disabled,
  reference,
}: {
  label: string;
  groupId: number;
  draft: CountryDraft;
  drafts: Step2Drafts;
  disabled: boolean;
  reference: ActivationShapePoint[] | undefined;
}) {
  const confirmSitesChange = useConfirmSitesChange({ label, groupId, draft, drafts, reference });
  const section = {
    draft,
    disabled,
    message: (key: string) => drafts.message(groupId, key),
    change: (keys: string[], update: (d: CountryDraft) => CountryDraft) =>
      drafts.change(groupId, keys, update),
  };
  return (
    <>
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
          shown={(m) => drafts.shown(groupId, m)}
          computed={(m) => drafts.computed(groupId, m)}
        />
      </Anchored>
      <Divider />
      <Anchored id="activation-profiles">
        <ActivationProfileSection
          {...section}
          defaults={drafts.defaultPoints(groupId, reference)}
          forcedOverride={drafts.forcedOverride}
          fsivMillis={drafts.shown(groupId, FSIV)}
          resets={drafts.activationResets(groupId)}
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
    </>
  );
}

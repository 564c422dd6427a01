import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { PlanSiteGroup } from '@predict/shared';
import { useReferenceProfile } from '../hooks/use-reference-profile';
import type { Step2Drafts } from '../hooks/use-step2-drafts';
import { CountryHeader } from './country-header';
import { CountrySections } from './country-sections';

/** The step's anchors (spec/1 section 2), in page order. */
export const STEP2_ANCHORS = [
  { id: 'country-inputs', label: 'Country Inputs' },
  { id: 'country-milestones', label: 'Milestones' },
  { id: 'activation-profiles', label: 'Activation Profiles' },
  { id: 'seasonal-variation', label: 'Seasonal Variation' },
  { id: 'site-fatigue', label: 'Site Fatigue' },
  { id: 'sequential-cohort-setup', label: 'Sequential Cohorts' },
] as const;

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
  const reference = useReferenceProfile(group.siteGroupId);
  const id = group.studyPlanSiteGroupId;
  const draft = drafts.drafts.get(id);
  if (!draft) return null;
  return (
    <Stack spacing={3}>
      <CountryHeader title={label} group={group} canEdit={canEdit} onEdit={onEdit} onDelete={onDelete} />
      <SectionLinks sequentialPlan={sequentialPlan} />
      {drafts.datesNotice && <Alert severity="info">{drafts.datesNotice}</Alert>}
      <CountrySections
        label={label}
        groupId={id}
        draft={draft}
        drafts={drafts}
        disabled={disabled}
        reference={reference}
      />
    </Stack>
  );
}

/** The in-page links to the step's sections; the cohort section only on a sequential plan. */
function SectionLinks({ sequentialPlan }: { sequentialPlan: boolean }) {
  return (
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
  );
}

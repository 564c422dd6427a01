import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  countryIssueMessage,
  siteIdDaysFor,
  startUpDaysFor,
  type PlanCountry,
  type StudyPlan,
} from '@predict/shared';
import { daysWithMonths } from '@/features/country-dialogs';
import { countryInputRows, siteFatigueRows, siteGroupTitle } from '../utils/country-rows';
import { editSectionPath, type Step2Section } from '../utils/review-links';
import { ReviewActivationProfile, ReviewMilestones, ReviewSeasonalVariation } from './review-country-tables';
import { ReviewSection } from './review-section';
import { SummaryList } from './summary-list';

export interface ReviewCountryPanelProps {
  plan: StudyPlan;
  country: PlanCountry;
  tab: number;
  /** The user may edit the plan: each section gets its Edit link. */
  editable: boolean;
}

/** One country of the plan, read-only, with the sections of step 2 (its first site group is the one used). */
export function ReviewCountryPanel({ plan, country, tab, editable }: ReviewCountryPanelProps) {
  const group = country.siteGroups[0];
  if (!group || group.milestones.length === 0 || group.parameters.length === 0) {
    return (
      <Alert severity="error">
        {countryIssueMessage(plan.studyPlanId, country.countryName, country.countryId)}
      </Alert>
    );
  }
  const edit = (section: Step2Section) => (editable ? editSectionPath(plan, tab, section) : undefined);
  return (
    <Stack spacing={2}>
      <Stack spacing={0.5}>
        <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
          {siteGroupTitle(country.countryName, group.siteGroupName)}
        </Typography>
        <Typography variant="body2">
          {`Site ID Effort: ${
            group.timeSiteIdSize
              ? `${group.timeSiteIdSize} (${daysWithMonths(siteIdDaysFor(group, group.timeSiteIdSize))})`
              : '—'
          }`}
        </Typography>
        <Typography variant="body2">
          {`Country Start-Up Time Frame: ${
            group.timeCountryStartUpSize
              ? `${group.timeCountryStartUpSize} (${daysWithMonths(startUpDaysFor(group, group.timeCountryStartUpSize))})`
              : '—'
          }`}
        </Typography>
      </Stack>
      <ReviewSection title="Country Inputs" editTo={edit('inputs')}>
        <SummaryList rows={countryInputRows(plan, group)} labelWidth={360} />
      </ReviewSection>
      <ReviewSection title="Milestones" editTo={edit('milestones')}>
        <ReviewMilestones group={group} />
      </ReviewSection>
      <ReviewSection title="Activation Profiles" editTo={edit('activationProfiles')}>
        <ReviewActivationProfile group={group} />
      </ReviewSection>
      <ReviewSection title="Seasonal Variation" editTo={edit('seasonalVariation')}>
        <ReviewSeasonalVariation group={group} />
      </ReviewSection>
      <ReviewSection title="Site Fatigue" editTo={edit('siteFatigue')}>
        <SummaryList rows={siteFatigueRows(group)} labelWidth={360} />
      </ReviewSection>
    </Stack>
  );
}

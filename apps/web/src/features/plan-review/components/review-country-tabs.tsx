import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { StudyPlan } from '@predict/shared';
import type { Ref } from 'react';
import { countryLabel } from '@/features/country-dialogs';
import { ReviewCountryPanel } from './review-country-panel';

export interface ReviewCountryTabsProps {
  plan: StudyPlan;
  tab: number;
  onTabChange: (tab: number) => void;
  editable: boolean;
  tabsRef?: Ref<HTMLDivElement>;
}

/**
 * One entry per site group, as step 2 has a tab per site group (a country such as the USA may have two groups, and
 * every group is simulated); a country without groups stays, so its panel can show the service-desk message.
 */
export function perSiteGroup(plan: StudyPlan): StudyPlan {
  return {
    ...plan,
    countries: plan.countries.flatMap((c) =>
      c.siteGroups.length > 1 ? c.siteGroups.map((g) => ({ ...c, siteGroups: [g] })) : [c],
    ),
  };
}

/** The plan's site groups as tabs (ISO3; the USA by its site group), one read-only panel at a time. */
export function ReviewCountryTabs({
  plan: savedPlan,
  tab,
  onTabChange,
  editable,
  tabsRef,
}: ReviewCountryTabsProps) {
  const plan = perSiteGroup(savedPlan);
  if (plan.countries.length === 0) {
    return <Typography color="text.secondary">No countries have been added to this plan yet.</Typography>;
  }
  const selected = Math.min(tab, plan.countries.length - 1);
  const country = plan.countries[selected]!;
  return (
    <Box>
      <Tabs
        ref={tabsRef}
        value={selected}
        onChange={(_e, value: number) => onTabChange(value)}
        variant="scrollable"
        scrollButtons="auto"
        aria-label="Countries"
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
      >
        {plan.countries.map((c, i) => (
          <Tab
            key={c.siteGroups[0]?.studyPlanSiteGroupId ?? `country-${c.countryId}`}
            label={countryLabel(c)}
            value={i}
            id={`review-country-tab-${i}`}
            aria-controls={`review-country-panel-${i}`}
          />
        ))}
      </Tabs>
      <div
        role="tabpanel"
        id={`review-country-panel-${selected}`}
        aria-labelledby={`review-country-tab-${selected}`}
      >
        <ReviewCountryPanel plan={plan} country={country} tab={selected} editable={editable} />
      </div>
    </Box>
  );
}

import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { StudyPlan } from '@predict/shared';
import type { Ref } from 'react';
import { countryLabel } from '@/features/country-dialogs/utils/country-values';
import { ReviewCountryPanel } from './review-country-panel';

export interface ReviewCountryTabsProps {
  plan: StudyPlan;
  tab: number;
  onTabChange: (tab: number) => void;
  editable: boolean;
  tabsRef?: Ref<HTMLDivElement>;
}

/** The plan's countries as tabs (ISO3; the USA by its site group), one read-only panel at a time. */
export function ReviewCountryTabs({ plan, tab, onTabChange, editable, tabsRef }: ReviewCountryTabsProps) {
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
            key={c.countryId}
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

import { memo } from 'react';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { SoeSiteGroupEntry } from '@predict/shared';

/** The tabs: the Study entry (siteGroupId 0) first, then one per country / site group (siteId 1). */
export const editorTabs = (entries: SoeSiteGroupEntry[]) =>
  entries.filter((e) => e.siteGroupId === 0 || e.siteId === 1);

export const SoeTabStrip = memo(function SoeTabStrip({
  tabs,
  index,
  onChange,
}: {
  tabs: SoeSiteGroupEntry[];
  index: number;
  onChange: (i: number) => void;
}) {
  return (
    <Tabs
      value={index}
      onChange={(_, i: number) => onChange(i)}
      variant="scrollable"
      scrollButtons="auto"
      aria-label="Study and countries"
      sx={{ borderBottom: 1, borderColor: 'divider', mb: 1 }}
    >
      {tabs.map((t) => (
        <Tab
          key={t.siteGroupId}
          label={t.tabLabel}
          title={t.siteGroupId === 0 ? 'Study level' : t.countryName}
        />
      ))}
    </Tabs>
  );
});

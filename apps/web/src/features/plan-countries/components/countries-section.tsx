import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { countryIssueMessage, type StudyPlan } from '@predict/shared';
import type { Step2Drafts } from '../hooks/use-step2-drafts';
import { hasCountryIssue, type CountryTab } from '../utils/country-draft';
import { CountryPanel } from './country-panel';
import type { Step2DialogName } from './country-dialogs-host';

interface CountryTabsProps {
  plan: StudyPlan;
  tabs: readonly CountryTab[];
  tabIndex: number;
  onSelectTab: (index: number) => void;
  drafts: Step2Drafts;
  canEdit: boolean;
  disabled: boolean;
  sequentialPlan: boolean;
  onOpen: (dialog: Step2DialogName) => void;
}

/**
 * The Countries & Site Groups section: its buttons (CTIS Submission, Add Country), an empty state, or one tab per
 * site group with the country's panel.
 */
export function CountriesSection({ hasCtis, ...tabsProps }: CountryTabsProps & { hasCtis: boolean }) {
  const { tabs, canEdit, disabled, onOpen } = tabsProps;
  const addButton = (
    <Button variant="contained" onClick={() => onOpen('add')} disabled={disabled}>
      Add Country
    </Button>
  );
  return (
    <Paper component="section" aria-labelledby="countries-title" sx={{ p: 3 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', mb: 1 }}
      >
        <Typography id="countries-title" variant="h6" component="h1">
          Countries & Site Groups
        </Typography>
        {canEdit && (
          <Stack direction="row" spacing={1}>
            {hasCtis && (
              <Button variant="outlined" onClick={() => onOpen('ctis')} disabled={disabled}>
                CTIS Submission
              </Button>
            )}
            {tabs.length > 0 && addButton}
          </Stack>
        )}
      </Stack>
      {tabs.length === 0 ? (
        <Box sx={{ py: 4, textAlign: 'center' }}>
          <Typography gutterBottom>Add a country to start.</Typography>
          <Typography variant="body2" color="text.secondary" gutterBottom>
            Each country gets its own inputs, milestones, activation profile and seasonal variation.
          </Typography>
          {canEdit && addButton}
        </Box>
      ) : (
        <CountryTabs {...tabsProps} />
      )}
    </Paper>
  );
}

/** One tab per site group, and the chosen one's panel (or why it cannot be shown). */
function CountryTabs({
  plan,
  tabs,
  tabIndex,
  onSelectTab,
  drafts,
  canEdit,
  disabled,
  sequentialPlan,
  onOpen,
}: CountryTabsProps) {
  const tab = tabs[tabIndex];
  return (
    <>
      <Tabs
        value={tabIndex}
        onChange={(_, index: number) => onSelectTab(index)}
        variant="scrollable"
        scrollButtons="auto"
        aria-label="Countries"
      >
        {tabs.map((t) => (
          <Tab key={`${t.country.countryId}-${t.group?.studyPlanSiteGroupId ?? 'none'}`} label={t.label} />
        ))}
      </Tabs>
      <Box role="tabpanel" aria-label={tab?.label} sx={{ pt: 3 }}>
        {tab && hasCountryIssue(tab.group) ? (
          <Alert severity="error">
            {countryIssueMessage(plan.studyPlanId, tab.country.countryName, tab.country.countryId)}
          </Alert>
        ) : (
          tab?.group && (
            <CountryPanel
              key={tab.group.studyPlanSiteGroupId}
              label={tab.label}
              group={tab.group}
              drafts={drafts}
              disabled={disabled}
              canEdit={canEdit}
              sequentialPlan={sequentialPlan}
              onEdit={() => onOpen('edit')}
              onDelete={() => onOpen('delete')}
            />
          )
        )}
      </Box>
    </>
  );
}

import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { isCombination, type StudyPlan } from '@predict/shared';
import { useState } from 'react';
import { isSequentialPlan } from '@/features/sequential-cohorts';
import { SimulationCharts } from '../charts';
import { resultSetNames, useResultSets } from '../hooks/use-result-sets';
import { useRunSettings } from '../hooks/use-run-settings';
import { ResultsLoading } from './results-loading';
import { TablesTab } from './tables/tables-tab';

type ResultsTab = 'tables' | 'charts';

/**
 * A finished run (or view mode): the result sets load one by one behind a progress bar, and show, in the Tables
 * and Charts tabs, once all of them are in (spec/1 section 4).
 */
export function SimulationResults({ plan, runId }: { plan: StudyPlan; runId: number | null }) {
  const cohorts = isSequentialPlan(plan);
  const names = resultSetNames(cohorts, isCombination(plan.studyPlanTypeDetail));
  const results = useResultSets(plan.studyPlanId, runId, names);
  const settings = useRunSettings(plan.studyPlanId, runId);
  const [tab, setTab] = useState<ResultsTab>('tables');

  if (!results.complete) {
    return (
      <ResultsLoading
        loaded={results.loaded}
        total={results.total}
        failed={results.failed}
        onRetry={results.retry}
      />
    );
  }
  return (
    <Box>
      <Paper sx={{ mb: 2 }}>
        <Tabs value={tab} onChange={(_, v: ResultsTab) => setTab(v)} aria-label="Simulation results">
          <Tab
            label="Tables"
            value="tables"
            id="simulation-tab-tables"
            aria-controls="simulation-panel-tables"
          />
          <Tab
            label="Charts"
            value="charts"
            id="simulation-tab-charts"
            aria-controls="simulation-panel-charts"
          />
        </Tabs>
      </Paper>
      <div role="tabpanel" id={`simulation-panel-${tab}`} aria-labelledby={`simulation-tab-${tab}`}>
        {tab === 'tables' ? (
          <TablesTab plan={plan} sets={results.sets} cohorts={cohorts} settings={settings} />
        ) : (
          <SimulationCharts plan={plan} sets={results.sets} />
        )}
      </div>
    </Box>
  );
}

import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { LoadErrorAlert } from '@/components/load-state';
import { useCurrentUser } from '@/features/auth';
import { soeEditorPath, soeListPath } from '@/features/soe';
import { conflictMessage, useSoeForecast } from '../api/soe-forecast-api';
import { forecastTables, type ForecastData } from '../utils/forecast-columns';
import { CostsTab } from './costs-tab';
import { ExportForecastDialog } from './export-forecast-dialog';
import { SupplyTab } from './supply-tab';

/** The page's tabs; the IP Supply tab is `?tab=supply`, so it can be linked and reloads where it was. */
type ForecastTab = 'costs' | 'supply';

/**
 * The forecast page (spec/2 section 2, design/soe-costing.md section 5): Back to SOE List, Edit SOE (View SOE for
 * read-only users), Export Tables; the Costs tab (the cumulative cost chart and the five tables) and the IP Supply
 * tab. Without a linked plan with a finished run, or with a level that lacks an exchange rate, the server's message
 * and the way forward replace the cost tables.
 */
export function SoeForecastPage({ studyId, soeId }: { studyId: number; soeId: number }) {
  const q = useSoeForecast(soeId);
  // The editor opens read-only for read-only users: the link says what it does for them (spec/2: View SOE).
  const editorLabel = useCurrentUser().roles.readOnly ? 'View SOE' : 'Edit SOE';
  const [exportOpen, setExportOpen] = useState(false);
  const [search, setSearch] = useSearchParams();
  const tab: ForecastTab = search.get('tab') === 'supply' ? 'supply' : 'costs';
  const chooseTab = (next: ForecastTab) =>
    setSearch(next === 'costs' ? {} : { tab: next }, { replace: true });
  const soe = q.soe.data?.data[0];
  const blocked = conflictMessage(q.summary.error);
  const data: ForecastData = {
    summary: q.summary.data,
    detail: q.detail.data,
    strategy: q.strategy.data,
    grants: q.grants.data,
  };
  const tables = forecastTables(data);
  const anyLoading = Object.values(q).some((x) => x.isPending && x.fetchStatus !== 'idle');

  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <ForecastHeader
        studyId={studyId}
        soeId={soeId}
        title={soe ? `Forecast: ${soe.scheduleOfEventsName}` : 'Forecast'}
        editorLabel={editorLabel}
        exportDisabled={!soe || anyLoading}
        onExport={() => setExportOpen(true)}
      />
      {soe && (
        <Typography variant="body2" color="text.secondary">
          {`Linked enrollment plan: ${soe.studyPlanName ?? 'none'} · Currency: ${soe.currency}`}
        </Typography>
      )}
      {q.soe.isError && (
        <LoadErrorAlert
          message="The Schedule of Events could not be loaded."
          onRetry={() => void q.soe.refetch()}
        />
      )}
      <ForecastTabs tab={tab} onChange={chooseTab} />
      <Stack spacing={2} role="tabpanel" id={`forecast-panel-${tab}`} aria-labelledby={`forecast-tab-${tab}`}>
        {tab === 'supply' ? (
          <SupplyTab
            studyId={studyId}
            soeId={soeId}
            soeName={soe?.scheduleOfEventsName ?? 'SOE'}
            editorLabel={editorLabel}
          />
        ) : (
          <CostsTab
            q={q}
            tables={tables}
            blocked={blocked}
            loading={anyLoading}
            editor={{ path: soeEditorPath(studyId, soeId), label: editorLabel }}
          />
        )}
      </Stack>
      {exportOpen && soe && (
        <ExportForecastDialog
          data={blocked ? { strategy: data.strategy } : data}
          soeName={soe.scheduleOfEventsName}
          studyId={studyId}
          onClose={() => setExportOpen(false)}
        />
      )}
    </Stack>
  );
}

/** Back to SOE List, the title, Edit SOE (View SOE for read-only users) and Export Tables. */
function ForecastHeader(props: {
  studyId: number;
  soeId: number;
  title: string;
  editorLabel: string;
  exportDisabled: boolean;
  onExport: () => void;
}) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Link
        component={RouterLink}
        to={soeListPath(props.studyId)}
        sx={{ display: 'inline-flex', alignItems: 'center' }}
      >
        <ArrowBackIcon fontSize="small" sx={{ mr: 0.5 }} />
        Back to SOE List
      </Link>
      <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
        {props.title}
      </Typography>
      <Button variant="outlined" component={RouterLink} to={soeEditorPath(props.studyId, props.soeId)}>
        {props.editorLabel}
      </Button>
      <Button variant="contained" onClick={props.onExport} disabled={props.exportDisabled}>
        Export Tables
      </Button>
    </Box>
  );
}

/** The Costs and IP Supply tabs, each controlling the one panel below them. */
function ForecastTabs({ tab, onChange }: { tab: ForecastTab; onChange: (tab: ForecastTab) => void }) {
  return (
    <Paper>
      <Tabs value={tab} onChange={(_, v: ForecastTab) => onChange(v)} aria-label="Forecast">
        <Tab label="Costs" value="costs" id="forecast-tab-costs" aria-controls="forecast-panel-costs" />
        <Tab
          label="IP Supply"
          value="supply"
          id="forecast-tab-supply"
          aria-controls="forecast-panel-supply"
        />
      </Tabs>
    </Paper>
  );
}

import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SOE_FORECAST_MESSAGES as M, SUPPLY_CONFIDENCES, type SoeSupply } from '@predict/shared';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { FetchingBar, LoadErrorAlert } from '@/components/load-state';
import { soeEditorPath } from '@/features/soe';
import { downloadFile } from '@/lib/download-file';
import { conflictMessage } from '../api/soe-forecast-api';
import { useSoeSupply } from '../api/soe-supply-api';
import { useSupplySettings } from '../hooks/use-supply-settings';
import { forecastExportFileName } from '../utils/forecast-file-name';
import { shipmentPlanColumns, supplyMonthColumns } from '../utils/supply-columns';
import { ForecastTable } from './forecast-table';
import { SupplyChart } from './supply-chart';
import { SupplySettings } from './supply-settings';

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** The export button: the workbook (loaded on first use) saved as 'SOE name IP Supply_timestamp_studyId.xlsx'. */
function ExportSupplyButton({
  supply,
  soeName,
  studyId,
}: {
  supply?: SoeSupply;
  soeName: string;
  studyId: number;
}) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const run = async () => {
    if (!supply) return;
    setBusy(true);
    setFailed(false);
    try {
      const { buildSupplyWorkbook } = await import('../utils/supply-workbook');
      downloadFile(
        await buildSupplyWorkbook(supply),
        forecastExportFileName(`${soeName} IP Supply`, studyId),
      );
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="outlined" onClick={() => void run()} disabled={!supply || busy}>
        {M.supplyExport}
      </Button>
      {failed && <Alert severity="error">{M.exportFailed}</Alert>}
    </>
  );
}

/**
 * The IP Supply tab (docs/soe-forecast.md "IP supply"): the settings, the shipment plan per country, the chart of
 * cumulative kits with its band and the kits supplied, and the months of the chosen country. Without an IP
 * assessment it says how to flag one; without a plan or run, what the cost tabs say.
 */
export function SupplyTab({
  studyId,
  soeId,
  soeName,
  editorLabel,
}: {
  studyId: number;
  soeId: number;
  soeName: string;
  editorLabel: string;
}) {
  const settings = useSupplySettings();
  const q = useSoeSupply(soeId, settings.query);
  const [country, setCountry] = useState(0);
  const supply = q.data;
  const shown = supply?.countries[Math.min(country, supply.countries.length - 1)];
  const blocked = conflictMessage(q.error);
  const noIp = supply !== undefined && supply.kitsPerVisit.length === 0;
  const editor = (
    <Link component={RouterLink} to={soeEditorPath(studyId, soeId)}>
      {`Open ${editorLabel}`}
    </Link>
  );
  const confidence = SUPPLY_CONFIDENCES.find((c) => c.value === supply?.confidence)?.label ?? '';
  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Box sx={{ flexGrow: 1 }}>
          <SupplySettings
            values={settings.values}
            errors={settings.errors}
            onChange={settings.set}
            countries={supply?.countries ?? []}
            country={country}
            onCountry={setCountry}
          />
        </Box>
        <ExportSupplyButton supply={noIp ? undefined : supply} soeName={soeName} studyId={studyId} />
      </Box>
      <FetchingBar active={q.isFetching} label="Loading the IP supply" />
      {blocked && (
        <Alert severity="info">
          <AlertTitle>No IP supply yet</AlertTitle>
          {blocked} {editor}
        </Alert>
      )}
      {q.isError && !blocked && (
        <LoadErrorAlert message="The IP supply could not be loaded." onRetry={() => void q.refetch()} />
      )}
      {noIp && (
        <Alert severity="info">
          <AlertTitle>No IP dispensations</AlertTitle>
          {M.supplyNoIp} {editor}
        </Alert>
      )}
      {supply && !noIp && shown && (
        <>
          <Typography variant="body2" color="text.secondary" aria-live="polite">
            {`${confidence || supply.confidence} shipment plan over ${supply.replications} replications: ` +
              `${whole.format(supply.countries[0]!.totals.shipped)} kits shipped and ` +
              `${whole.format(supply.countries[0]!.totals.initialStock)} kits of initial stock; kits per dispensation: ` +
              supply.kitsPerVisit.map((v) => `${v.visitName} ${v.kits}`).join(', ')}
          </Typography>
          <ForecastTable
            title="Shipment Plan"
            table={{ columns: shipmentPlanColumns, rows: supply.countries }}
            load={q}
          />
          <SupplyChart country={shown} />
          <ForecastTable
            title={`Supply by Month: ${shown.name}`}
            table={{ columns: supplyMonthColumns, rows: shown.months }}
            load={q}
          />
        </>
      )}
    </Stack>
  );
}

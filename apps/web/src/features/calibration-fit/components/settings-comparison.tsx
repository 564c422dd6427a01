import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { CalibrationSettingValues, CalibrationVersion } from '@predict/shared';
import { formatDate } from '@/lib/format';
import { settingRows, shareText } from '../utils/calibration-rows';

/** Current vs fitted settings (with standard errors) and the cross-validated coverage each would have had. */
export function SettingsComparison({
  version,
  current,
  currentSource,
}: {
  version: CalibrationVersion;
  current: CalibrationSettingValues;
  currentSource: string;
}) {
  const { figures } = version;
  const cvSource =
    figures.currentVersion === null ? 'Engine defaults' : `Calibration version ${figures.currentVersion}`;
  return (
    <>
      <Table size="small" aria-label="Current and fitted settings">
        <TableHead>
          <TableRow>
            <TableCell>Setting</TableCell>
            <TableCell align="right">Current ({currentSource})</TableCell>
            <TableCell align="right">Fitted (version {version.version})</TableCell>
            <TableCell align="right">Estimate</TableCell>
            <TableCell align="right">Standard error</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {settingRows(current, version).map((r) => (
            <TableRow key={r.key}>
              <TableCell>{r.label}</TableCell>
              <TableCell align="right">{r.current}</TableCell>
              <TableCell align="right">{r.fitted}</TableCell>
              <TableCell align="right">{r.estimate}</TableCell>
              <TableCell align="right">{r.se}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        Runs use the fitted value. For the rate CVs it is the estimate widened by its standard error,
        √(estimate² + SE²): a spread estimated from a few dozen studies is biased low and is often 0.
      </Typography>
      <Typography variant="subtitle2" sx={{ mt: 2 }}>
        Cross-validated LPI coverage (time-ordered, {figures.folds.length} fold
        {figures.folds.length === 1 ? '' : 's'}, {figures.replications} replications; 90% intervals)
      </Typography>
      <Table size="small" aria-label="Cross-validated coverage">
        <TableHead>
          <TableRow>
            <TableCell>Settings</TableCell>
            <TableCell align="right">Inside P10-P90 (target 80%)</TableCell>
            <TableCell align="right">Below P50 (target 50%)</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          <TableRow>
            <TableCell>Current ({cvSource})</TableCell>
            <TableCell align="right">{shareText(figures.current.coverage)}</TableCell>
            <TableCell align="right">{shareText(figures.current.belowMedian)}</TableCell>
          </TableRow>
          <TableRow>
            <TableCell>Fitted (version {version.version})</TableCell>
            <TableCell align="right">{shareText(figures.fitted.coverage)}</TableCell>
            <TableCell align="right">{shareText(figures.fitted.belowMedian)}</TableCell>
          </TableRow>
        </TableBody>
      </Table>
      {figures.folds.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Too few completed studies for a time-ordered fold (each needs 8 studies finished before its cut).
        </Typography>
      )}
      {figures.folds.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Cuts:{' '}
          {figures.folds
            .map((f) => `${formatDate(f.cutMillis)} (${f.fittedStudies} fitted, ${f.scoredStudies} scored)`)
            .join('; ')}
        </Typography>
      )}
    </>
  );
}

import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { LoadErrorAlert } from '@/components/load-state';
import { useCurrentUser } from '@/features/auth';
import {
  useApproveCalibrationVersion,
  useCalibrationFitStatus,
  useCalibrationVersions,
  useStartCalibrationFit,
} from '../hooks/use-calibration-fit';
import { currentSettings } from '../utils/calibration-rows';
import { ApproveButton, FitControls } from './fit-controls';
import { SettingsComparison } from './settings-comparison';
import { VersionList } from './version-list';

export const PANEL_TITLE = 'Fitted uncertainty';
export const NO_VERSIONS_MESSAGE =
  'No calibration version yet: new runs use the engine defaults (or the settings their plan pins).';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : null);

/**
 * Fitted uncertainty (issue 24 part 3): the current settings against a version fitted to the completed studies,
 * with the cross-validated coverage of each; admins fit a new version (with its progress) and approve one. Every
 * version stays readable.
 */
export function CalibrationFitPanel() {
  const { roles } = useCurrentUser();
  const versions = useCalibrationVersions();
  const [fitId, setFitId] = useState<number | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const fit = useCalibrationFitStatus(fitId);
  const start = useStartCalibrationFit();
  const approve = useApproveCalibrationVersion();

  const onStart = () =>
    start.mutate(undefined, {
      onSuccess: (status) => {
        setFitId(status.fitId);
        setSelected(null);
      },
    });

  let body: ReactNode;
  if (versions.isPending) body = <CircularProgress aria-label="Loading calibration versions" size={24} />;
  else if (versions.isError)
    body = (
      <LoadErrorAlert
        message={`The calibration versions could not be loaded: ${messageOf(versions.error) ?? 'error'}`}
        onRetry={() => void versions.refetch()}
      />
    );
  else if (versions.data.versions.length === 0)
    body = <Typography color="text.secondary">{NO_VERSIONS_MESSAGE}</Typography>;
  else {
    const list = versions.data;
    const shown = list.versions.find((v) => v.version === selected) ?? list.versions[0]!;
    const current = currentSettings(list);
    body = (
      <>
        <SettingsComparison version={shown} current={current.values} currentSource={current.source} />
        {roles.admin && shown.status !== 'approved' && (
          <Box sx={{ mt: 2 }}>
            <ApproveButton
              version={shown.version}
              pending={approve.isPending}
              error={messageOf(approve.error)}
              onApprove={() => approve.mutate(shown.version)}
            />
          </Box>
        )}
        <Typography variant="subtitle2" sx={{ mt: 3 }}>
          Calibration versions
        </Typography>
        <VersionList versions={list.versions} selected={shown.version} onSelect={setSelected} />
      </>
    );
  }

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={PANEL_TITLE}>
      <Typography variant="h6" component="h2" gutterBottom>
        {PANEL_TITLE}
      </Typography>
      {roles.admin && (
        <FitControls
          fit={fit.data}
          starting={start.isPending}
          startError={messageOf(start.error)}
          onStart={onStart}
        />
      )}
      {body}
    </Paper>
  );
}

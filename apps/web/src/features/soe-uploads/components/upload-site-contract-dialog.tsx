import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SITE_CONTRACT_MESSAGES as M } from '@predict/shared';
import { useId } from 'react';
import { XlsxDropZone } from '@/components/xlsx-drop-zone';
import { useSiteContractUpload, type SiteContractTarget } from '../hooks/use-site-contract-upload';
import { UploadFailure } from './upload-failure';

export const SITE_CONTRACT_HELP = (siteNumber: string) =>
  `The site contract of site ${siteNumber}: a sheet 'Site Contract' with 'Site Number' in A1 and ${siteNumber} ` +
  'in B1, the headings Type, Name, Cost, Currency in row 3 and one visit or assessment per row from row 4.';

export interface UploadSiteContractDialogProps extends SiteContractTarget {
  onClose: () => void;
  /** Continue after a successful upload: reload the editor. */
  onContinue: () => void;
}

/** UPLOAD SITE CONTRACT (spec/2 sections 2, 4 and 8): drop zone, progress, Errors Found, Cancel or Continue. */
export function UploadSiteContractDialog({ onClose, onContinue, ...target }: UploadSiteContractDialogProps) {
  const titleId = useId();
  const { state, selectFile, upload, busy } = useSiteContractUpload(target);
  const succeeded = state.phase === 'succeeded';
  const started = state.phase !== 'idle';
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Upload Site Contract</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {SITE_CONTRACT_HELP(target.siteNumber)}
          </Typography>
          <XlsxDropZone
            what="the site contract"
            fileName={state.file?.name ?? null}
            disabled={busy || succeeded}
            onFile={selectFile}
          />
          {started && (
            <Stack spacing={0.5}>
              <LinearProgress
                variant="determinate"
                value={state.progress}
                color={state.phase === 'failed' ? 'error' : 'primary'}
                aria-label="Upload progress"
              />
              <Typography variant="caption" role="status">
                {succeeded ? M.completedStatus : state.phase === 'failed' ? M.failedStatus : 'Uploading...'}
              </Typography>
            </Stack>
          )}
          <UploadFailure state={state} errorsTitle={M.errorsFound} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        {succeeded ? (
          <Button variant="contained" onClick={onContinue} autoFocus>
            Continue
          </Button>
        ) : (
          <Button
            variant="contained"
            onClick={() => void upload()}
            disabled={!state.file || busy}
            loading={busy}
          >
            Upload
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

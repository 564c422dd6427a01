import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SITE_CONTRACT_MESSAGES as M } from '@predict/shared';
import { UploadButton, UploadDialog } from '@/components/upload-dialog';
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
  const { state, selectFile, upload, busy } = useSiteContractUpload(target);
  const succeeded = state.phase === 'succeeded';
  const started = state.phase !== 'idle';
  return (
    <UploadDialog
      title="Upload Site Contract"
      help={SITE_CONTRACT_HELP(target.siteNumber)}
      busy={busy}
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          {succeeded ? (
            <Button variant="contained" onClick={onContinue} autoFocus>
              Continue
            </Button>
          ) : (
            <UploadButton ready={!!state.file} busy={busy} onClick={() => void upload()} />
          )}
        </>
      }
    >
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
    </UploadDialog>
  );
}

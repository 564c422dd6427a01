import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { memo } from 'react';
import { Link as RouterLink } from 'react-router';
import { UPLOAD_NEEDS_SAVE } from '@/features/soe-uploads';

export interface BottomBarProps {
  studyPath: string;
  readOnly: boolean;
  dirty: boolean;
  /** A field shows an invalid value: Save waits until it is fixed. */
  blocked: boolean;
  saving: boolean;
  onCancel: () => void;
  onEdit: () => void;
  onView: () => void;
  onSave: () => void;
  onExport: () => void;
  /** Upload ePrice. */
  onUpload: () => void;
}

/** The editor's bottom bar (spec/2 sections 2 and 6); read-only users get Back, View and Export Tables only. */
export const BottomBar = memo(function BottomBar(p: BottomBarProps) {
  return (
    <Paper elevation={3} sx={{ position: 'sticky', bottom: 0, zIndex: 5, p: 1, mt: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={p.studyPath}>
          Back to SOE List
        </Button>
        <span style={{ flex: 1 }} />
        {p.readOnly ? (
          <Button onClick={p.onView}>View</Button>
        ) : (
          <>
            <Button onClick={p.onCancel} disabled={p.saving}>
              Cancel
            </Button>
            {/* Edit saves the SOE's own fields apart from the tables: unsaved table edits stay (spec/2 section 4). */}
            <Button onClick={p.onEdit} disabled={p.saving}>
              Edit
            </Button>
            <Button variant="contained" onClick={p.onSave} disabled={!p.dirty || p.saving || p.blocked}>
              {p.saving ? 'Saving…' : 'Save'}
            </Button>
            <Tooltip title={p.dirty ? UPLOAD_NEEDS_SAVE : ''}>
              <span>
                <Button onClick={p.onUpload} disabled={p.saving || p.dirty}>
                  Upload
                </Button>
              </span>
            </Tooltip>
          </>
        )}
        <Button onClick={p.onExport} disabled={p.saving}>
          Export Tables
        </Button>
      </Stack>
    </Paper>
  );
});

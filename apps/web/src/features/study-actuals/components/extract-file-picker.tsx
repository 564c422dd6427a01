import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { XLSX_ACCEPT } from '@/components/xlsx-drop-zone';

/** A 'Choose File' button for one .xlsx and the chosen file's name. */
export function ExtractFilePicker({
  fileName,
  disabled,
  onFile,
}: {
  fileName: string | null;
  disabled: boolean;
  onFile: (file: File | null) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <Button
        variant="outlined"
        startIcon={<UploadFileIcon />}
        disabled={disabled}
        onClick={() => input.current?.click()}
      >
        Choose File
      </Button>
      <Typography variant="body2" color={fileName ? 'text.primary' : 'text.secondary'}>
        {fileName ?? 'No file chosen'}
      </Typography>
      <input
        ref={input}
        type="file"
        accept={XLSX_ACCEPT}
        hidden
        aria-label="CTMS extract file"
        data-testid="extract-file-input"
        onChange={(e) => {
          onFile(e.target.files?.[0] ?? null);
          // The same file can be chosen again after a failed upload.
          e.target.value = '';
        }}
      />
    </Stack>
  );
}

import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';

export interface FileDropZoneProps {
  /** What the zone takes, e.g. 'the ePrice workbook'. */
  what: string;
  fileName: string | null;
  disabled: boolean;
  onFile: (file: File | null) => void;
  /** The hidden file input's test id (tests and e2e choose files through it). */
  inputTestId: string;
  /** The file input's accept list, e.g. '.zip,application/zip'. */
  accept: string;
  /** The extension shown to the user, e.g. '.zip'. */
  extension: string;
  /** What the zone is called for assistive technology, e.g. 'Zip drop zone'. */
  zoneName: string;
}

/**
 * The drop zone of the upload dialogs (spec/1 section 2, spec/2 sections 2 and 5): drop a file on it, or press it
 * (click, Enter or Space) or its Choose File button. Only the last file dropped is kept; the dialog checks the
 * type. XlsxDropZone is the spreadsheet one.
 */
export function FileDropZone({
  what,
  fileName,
  disabled,
  onFile,
  inputTestId,
  accept,
  extension,
  zoneName,
}: FileDropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const hintId = useId();
  const open = () => !disabled && input.current?.click();

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const files = event.dataTransfer.files;
    if (!disabled) onFile(files[files.length - 1] ?? null);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      open();
    }
  };

  return (
    <Box
      role="button"
      tabIndex={disabled ? -1 : 0}
      aria-label={`${zoneName}: drop ${what} (${extension}) or press to choose it`}
      aria-describedby={hintId}
      aria-disabled={disabled}
      onClick={open}
      onKeyDown={onKeyDown}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: over ? 'primary.main' : 'divider',
        bgcolor: over ? 'action.hover' : 'transparent',
        borderRadius: 1,
        p: 3,
        textAlign: 'center',
        cursor: disabled ? 'default' : 'pointer',
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main' },
      }}
    >
      <UploadFileIcon color="action" fontSize="large" aria-hidden />
      <Typography id={hintId}>{fileName ?? `Drag and drop ${what} (${extension}) here`}</Typography>
      <Button
        size="small"
        sx={{ mt: 1 }}
        disabled={disabled}
        tabIndex={-1}
        onClick={(e) => {
          e.stopPropagation();
          open();
        }}
      >
        Choose File
      </Button>
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        data-testid={inputTestId}
        // Its click would bubble to the zone, which would open the chooser again.
        onClick={(e) => e.stopPropagation()}
        onChange={(e) => {
          onFile(e.target.files?.[0] ?? null);
          e.target.value = '';
        }}
      />
    </Box>
  );
}

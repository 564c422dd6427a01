import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';

export const XLSX_ACCEPT = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The Upload Plan dialog's drop zone (spec/1 section 2): drop a spreadsheet on it, or press it (click, Enter or
 * Space) or its Choose File button to pick one. One file; the dialog checks the type.
 */
export function PlanDropZone({
  fileName,
  disabled,
  onFile,
}: {
  fileName: string | null;
  disabled: boolean;
  onFile: (file: File | null) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const hintId = useId();
  const open = () => !disabled && input.current?.click();

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) onFile(event.dataTransfer.files[0] ?? null);
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
      aria-label="Spreadsheet drop zone: drop a plan spreadsheet (.xlsx) or press to choose one"
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
      <Typography id={hintId}>{fileName ?? 'Drag and drop the plan spreadsheet (.xlsx) here'}</Typography>
      <Button
        size="small"
        sx={{ mt: 1 }}
        disabled={disabled}
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
        accept={XLSX_ACCEPT}
        hidden
        data-testid="plan-file-input"
        onChange={(e) => {
          onFile(e.target.files?.[0] ?? null);
          e.target.value = '';
        }}
      />
    </Box>
  );
}

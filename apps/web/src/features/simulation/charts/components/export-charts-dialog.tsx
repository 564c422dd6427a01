import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import { useState } from 'react';
import type { ChartId, ExportOption } from '../utils/chart-ids';

interface ExportChartsDialogProps {
  open: boolean;
  options: readonly ExportOption[];
  onClose: () => void;
  onExport: (ids: ChartId[]) => void;
}

/** Export Charts (spec/1 section 9): tick charts to download as PNGs; Export stays disabled until one is ticked. */
export function ExportChartsDialog({ open, options, onClose, onExport }: ExportChartsDialogProps) {
  const [ticked, setTicked] = useState<ReadonlySet<ChartId>>(new Set());
  const toggle = (id: ChartId) =>
    setTicked((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="export-charts-title"
      // Each opening starts with nothing ticked.
      slotProps={{ transition: { onExited: () => setTicked(new Set()) } }}
    >
      <DialogTitle id="export-charts-title">Export Charts</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>
          Each chart downloads as a PNG image named after it.
        </DialogContentText>
        <FormGroup>
          {options.map((option) => (
            <FormControlLabel
              key={option.id}
              label={`${option.label} (${option.id}.png)`}
              control={<Checkbox checked={ticked.has(option.id)} onChange={() => toggle(option.id)} />}
            />
          ))}
        </FormGroup>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={ticked.size === 0}
          // Downloads follow the dialog's order, whatever order the boxes were ticked in.
          onClick={() => onExport(options.filter((o) => ticked.has(o.id)).map((o) => o.id))}
        >
          Export
        </Button>
      </DialogActions>
    </Dialog>
  );
}

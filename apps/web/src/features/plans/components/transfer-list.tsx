import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';

export interface TransferItem {
  id: number;
  label: string;
}

function ItemList({
  title,
  items,
  checked,
  onToggle,
}: {
  title: string;
  items: readonly TransferItem[];
  checked: ReadonlySet<number>;
  onToggle: (id: number) => void;
}) {
  const headingId = useId();
  return (
    <Paper variant="outlined" sx={{ flex: 1, minWidth: 0 }}>
      <Typography id={headingId} variant="subtitle2" sx={{ px: 2, pt: 1 }}>
        {title} ({items.length})
      </Typography>
      <List dense aria-labelledby={headingId} sx={{ height: 200, overflow: 'auto' }}>
        {items.map((item) => {
          const labelId = `${headingId}-${item.id}`;
          return (
            // A button per row: Tab reaches it and Space/Enter toggles it.
            <ListItemButton key={item.id} onClick={() => onToggle(item.id)} role="listitem">
              <ListItemIcon sx={{ minWidth: 36 }}>
                <Checkbox
                  edge="start"
                  size="small"
                  checked={checked.has(item.id)}
                  tabIndex={-1}
                  disableRipple
                  slotProps={{ input: { 'aria-labelledby': labelId } }}
                />
              </ListItemIcon>
              <ListItemText id={labelId} primary={item.label} />
            </ListItemButton>
          );
        })}
      </List>
    </Paper>
  );
}

/**
 * Two lists with move buttons. `selected` keeps the order in which items were moved over: the order of a
 * combination's members is the order they were chosen.
 */
export function TransferList({
  items,
  selected,
  onChange,
  availableTitle = 'Available',
  selectedTitle = 'Selected',
}: {
  items: readonly TransferItem[];
  selected: readonly number[];
  onChange: (selected: number[]) => void;
  availableTitle?: string;
  selectedTitle?: string;
}) {
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
  const byId = new Map(items.map((i) => [i.id, i]));
  const left = items.filter((i) => !selected.includes(i.id));
  const right = selected.map((id) => byId.get(id)).filter((i): i is TransferItem => i !== undefined);
  const checkedLeft = left.filter((i) => checked.has(i.id)).map((i) => i.id);
  const checkedRight = right.filter((i) => checked.has(i.id)).map((i) => i.id);

  const toggle = (id: number) =>
    setChecked((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const uncheck = (ids: number[]) =>
    setChecked((prev) => new Set([...prev].filter((id) => !ids.includes(id))));

  const add = () => {
    onChange([...selected, ...checkedLeft]);
    uncheck(checkedLeft);
  };
  const remove = () => {
    onChange(selected.filter((id) => !checkedRight.includes(id)));
    uncheck(checkedRight);
  };

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <ItemList title={availableTitle} items={left} checked={checked} onToggle={toggle} />
      <Stack spacing={1}>
        <Button
          variant="outlined"
          size="small"
          onClick={add}
          disabled={checkedLeft.length === 0}
          aria-label="Move selected plans right"
        >
          <ChevronRightIcon />
        </Button>
        <Button
          variant="outlined"
          size="small"
          onClick={remove}
          disabled={checkedRight.length === 0}
          aria-label="Move selected plans left"
        >
          <ChevronLeftIcon />
        </Button>
      </Stack>
      <ItemList title={selectedTitle} items={right} checked={checked} onToggle={toggle} />
    </Stack>
  );
}

import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { flexRender, type Column, type RowData, type Table } from '@tanstack/react-table';
import { compactHeaderWidth } from '@/lib/header-width';
import type { DateRangeValue, NumberRangeValue } from './column-filters';
import { DateRangeFilter, NumberRangeFilter, SelectFilter, TextFilter } from './filter-controls';
import { CELL_PADDING_PX, CELL_SX, stickySx } from './sticky';

/** The sort arrow: 16 px with 2 px before it (MUI's 18 px and 4 px a side), px taken in all. */
const SORT_ICON_PX = 18;
const SORT_LABEL_SX = { '& .MuiTableSortLabel-icon': { fontSize: 16, ml: 0.25, mr: 0 } } as const;

/** The header text of a column, for the names of its filter controls. */
const headerLabel = <T extends RowData>(column: Column<T>) => {
  const header = column.columnDef.header;
  return typeof header === 'string' ? header : column.id;
};

/** The column's filter control, bound to the table's column filter state; nothing for unfiltered columns. */
function ColumnFilter<T extends RowData>({ column }: { column: Column<T> }) {
  const spec = column.columnDef.meta?.filter;
  if (!spec) return null;
  const label = headerLabel(column);
  const value = column.getFilterValue();
  const set = (next: unknown) => column.setFilterValue(next);
  switch (spec.kind) {
    case 'text':
      return (
        <TextFilter
          label={label}
          value={(value as string | undefined) ?? ''}
          maxLength={spec.maxLength}
          onChange={set}
        />
      );
    case 'select':
      return (
        <SelectFilter
          label={label}
          options={spec.options}
          multiple={spec.multiple}
          value={(value as string | string[] | undefined) ?? (spec.multiple ? [] : '')}
          onChange={set}
        />
      );
    case 'dateRange':
      return (
        <DateRangeFilter
          label={label}
          value={(value as DateRangeValue | undefined) ?? { from: '', to: '' }}
          onChange={set}
        />
      );
    case 'numberRange':
      return (
        <NumberRangeFilter
          label={label}
          value={(value as NumberRangeValue | undefined) ?? { min: '', max: '' }}
          onChange={set}
        />
      );
  }
}

interface HeadProps<T extends RowData> {
  table: Table<T>;
  stickyFirst: boolean;
  /** The header of the trailing actions column, if the table has one. */
  actionsHeader: string | null;
  /** The head stays in view while the body scrolls under it. */
  sticky?: boolean;
}

// The whole head sticks, so that the filter row stays under the headers whatever their height.
const STICKY_HEAD_SX = { position: 'sticky', top: 0, zIndex: 3, bgcolor: 'background.paper' } as const;

/** Sortable headers, then, when any column filters, one row with each column's filter control. */
export function DataTableHead<T extends RowData>({
  table,
  stickyFirst,
  actionsHeader,
  sticky,
}: HeadProps<T>) {
  const columns = table.getVisibleLeafColumns();
  const hasFilters = columns.some((c) => c.columnDef.meta?.filter);
  const side = (index: number) => (stickyFirst && index === 0 ? 'left' : null);
  return (
    <TableHead sx={sticky ? STICKY_HEAD_SX : undefined}>
      <TableRow>
        {table.getFlatHeaders().map((header, index) => {
          const sorted = header.column.getIsSorted();
          const canSort = header.column.getCanSort();
          // Headers wrap at spaces into at most three lines, so a table of many columns fits at 1280 px; the
          // least width counts the cell's padding and the sort arrow.
          const sx = {
            ...CELL_SX,
            fontWeight: 600,
            lineHeight: 1.3,
            verticalAlign: 'bottom',
            minWidth:
              compactHeaderWidth(headerLabel(header.column), 3, CELL_SX.fontSize) +
              CELL_PADDING_PX +
              (canSort ? SORT_ICON_PX : 0),
            ...stickySx(side(index), true),
          };
          const content = flexRender(header.column.columnDef.header, header.getContext());
          if (!canSort) {
            return (
              <TableCell key={header.id} sx={sx}>
                {content}
              </TableCell>
            );
          }
          return (
            <TableCell key={header.id} sortDirection={sorted === false ? false : sorted} sx={sx}>
              <TableSortLabel
                sx={SORT_LABEL_SX}
                active={sorted !== false}
                direction={sorted === false ? 'asc' : sorted}
                onClick={header.column.getToggleSortingHandler()}
              >
                {content}
              </TableSortLabel>
            </TableCell>
          );
        })}
        {actionsHeader !== null && (
          <TableCell
            align="right"
            sx={{ ...CELL_SX, fontWeight: 600, verticalAlign: 'bottom', ...stickySx('right', true) }}
          >
            {actionsHeader}
          </TableCell>
        )}
      </TableRow>
      {hasFilters && (
        <TableRow>
          {columns.map((column, index) => (
            <TableCell
              key={column.id}
              component="td"
              sx={{ ...CELL_SX, verticalAlign: 'top', py: 1, ...stickySx(side(index), true) }}
            >
              <ColumnFilter column={column} />
            </TableCell>
          ))}
          {actionsHeader !== null && <TableCell component="td" sx={stickySx('right', true)} />}
        </TableRow>
      )}
    </TableHead>
  );
}

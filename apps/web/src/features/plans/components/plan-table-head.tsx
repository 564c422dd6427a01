import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { StudyPlanListRow } from '@predict/shared';
import { flexRender, type Table } from '@tanstack/react-table';
// The study list's filter inputs, so that both tables look and are named alike ('Filter {column}').
import { SelectFilter, TextFilter } from '@/features/studies/components/filter-controls';
import { STATUS_FILTER_OPTIONS } from '../utils/plan-rows';
import { PLAN_COLUMNS } from './plan-columns';

/** Sortable headers, then one filter control per filterable column. */
export function PlanTableHead({ table }: { table: Table<StudyPlanListRow> }) {
  return (
    <TableHead>
      <TableRow>
        {table.getFlatHeaders().map((header) => {
          const sorted = header.column.getIsSorted();
          if (!header.column.getCanSort()) {
            return (
              <TableCell key={header.id} sx={{ fontWeight: 600 }}>
                {flexRender(header.column.columnDef.header, header.getContext())}
              </TableCell>
            );
          }
          return (
            <TableCell
              key={header.id}
              sortDirection={sorted === false ? false : sorted}
              sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}
            >
              <TableSortLabel
                active={sorted !== false}
                direction={sorted === false ? 'asc' : sorted}
                onClick={header.column.getToggleSortingHandler()}
              >
                {flexRender(header.column.columnDef.header, header.getContext())}
              </TableSortLabel>
            </TableCell>
          );
        })}
        <TableCell sx={{ fontWeight: 600 }} align="right">
          Actions
        </TableCell>
      </TableRow>
      <TableRow>
        {PLAN_COLUMNS.map((info) => {
          const column = table.getColumn(info.id);
          const value = (column?.getFilterValue() as string | undefined) ?? '';
          const onChange = (v: string) => column?.setFilterValue(v === '' ? undefined : v);
          return (
            <TableCell key={info.id} component="td" sx={{ verticalAlign: 'top', py: 1 }}>
              {info.filter === 'text' && <TextFilter label={info.header} value={value} onChange={onChange} />}
              {info.filter === 'status' && (
                <SelectFilter
                  label={info.header}
                  value={value}
                  options={STATUS_FILTER_OPTIONS}
                  onChange={onChange}
                />
              )}
            </TableCell>
          );
        })}
        <TableCell component="td" />
      </TableRow>
    </TableHead>
  );
}

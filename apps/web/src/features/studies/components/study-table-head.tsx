import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { OPPORTUNITY_STAGES, type StudyListRow } from '@predict/shared';
import { flexRender, type Table } from '@tanstack/react-table';
import type { StudyListFilterKey, StudyListFilters } from '../utils/study-list-query';
import { STUDY_COLUMNS, type StudyColumnInfo } from './study-columns';
import { DateRangeFilter, SelectFilter, TextFilter, type SelectOption } from './filter-controls';

const STAGE_OPTIONS: SelectOption[] = [
  { value: '', label: 'All' },
  ...OPPORTUNITY_STAGES.map((stage) => ({ value: stage, label: stage })),
];
const FLAG_OPTIONS: SelectOption[] = [
  { value: '', label: 'All' },
  { value: 'Y', label: 'Y' },
  { value: 'N', label: 'N' },
];

interface FilterProps {
  filters: StudyListFilters;
  onFilterChange: (key: StudyListFilterKey, value: string) => void;
}

function ColumnFilter({ column, filters, onFilterChange }: FilterProps & { column: StudyColumnInfo }) {
  const { id, header } = column;
  switch (column.filter) {
    case 'text':
    case 'stage':
    case 'flag': {
      const key = id as StudyListFilterKey;
      if (column.filter === 'text') {
        return <TextFilter label={header} value={filters[key]} onChange={(v) => onFilterChange(key, v)} />;
      }
      const options = column.filter === 'stage' ? STAGE_OPTIONS : FLAG_OPTIONS;
      return (
        <SelectFilter
          label={header}
          value={filters[key]}
          options={options}
          onChange={(v) => onFilterChange(key, v)}
        />
      );
    }
    case 'dateRange': {
      const fromKey = `${id}From` as StudyListFilterKey;
      const toKey = `${id}To` as StudyListFilterKey;
      return (
        <DateRangeFilter
          label={header}
          from={filters[fromKey]}
          to={filters[toKey]}
          onFromChange={(v) => onFilterChange(fromKey, v)}
          onToChange={(v) => onFilterChange(toKey, v)}
        />
      );
    }
  }
}

/** Sortable headers and, under them, one filter control per column. */
export function StudyTableHead({ table, ...filterProps }: FilterProps & { table: Table<StudyListRow> }) {
  return (
    <TableHead>
      {table.getHeaderGroups().map((group) => (
        <TableRow key={group.id}>
          {group.headers.map((header) => {
            const sorted = header.column.getIsSorted();
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
        </TableRow>
      ))}
      <TableRow>
        {STUDY_COLUMNS.map((column) => (
          <TableCell key={column.id} component="td" sx={{ verticalAlign: 'top', py: 1 }}>
            <ColumnFilter column={column} {...filterProps} />
          </TableCell>
        ))}
      </TableRow>
    </TableHead>
  );
}

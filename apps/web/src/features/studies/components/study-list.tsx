import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { STUDY_LIST_DEFAULT_PAGE_SIZE, type StudySortColumn } from '@predict/shared';
import { DataTable } from '@/components/data-table';
import { useStudyList } from '../api/studies';
import { useStudyListState } from '../hooks/use-study-list-state';
import { fromColumnFilters, toColumnFilters } from '../utils/study-list-query';
import { studyColumns } from './study-columns';

const MESSAGES = {
  loading: 'Loading studies',
  error: 'The studies could not be loaded.',
  empty: 'No studies match your search.',
};

/** The study list of spec/1 section 2: search, column filters, sorting and paging, all done by the server. */
export function StudyList() {
  const state = useStudyListState();
  const { query } = state;
  const studies = useStudyList(query);
  const sorting = [{ id: query.sort, desc: query.order === 'desc' }];

  return (
    <Paper sx={{ p: 2 }}>
      <TextField
        label="Search studies"
        helperText="Search by PCN, sponsor name or indication"
        value={state.searchInput}
        onChange={(e) => state.setSearchInput(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') state.submitSearch();
        }}
        size="small"
        sx={{ mb: 2, width: { xs: '100%', sm: 420 } }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
          htmlInput: { maxLength: 200 },
        }}
      />
      <DataTable
        aria-label="Studies"
        columns={studyColumns}
        data={studies.data?.rows}
        getRowId={(row) => String(row.studyId)}
        load={studies}
        messages={MESSAGES}
        defaultPageSize={STUDY_LIST_DEFAULT_PAGE_SIZE}
        server={{
          rowCount: studies.data?.total ?? 0,
          sorting,
          onSortingChange: ([first]) => {
            if (first) state.setSort(first.id as StudySortColumn, first.desc ? 'desc' : 'asc');
          },
          columnFilters: toColumnFilters(state.filterInputs),
          onColumnFiltersChange: (filters) => state.setFilters(fromColumnFilters(filters)),
          pagination: { pageIndex: query.page, pageSize: query.pageSize },
          onPaginationChange: ({ pageIndex, pageSize }) => {
            if (pageSize !== query.pageSize) state.setPageSize(pageSize);
            else state.setPage(pageIndex);
          },
        }}
      />
    </Paper>
  );
}

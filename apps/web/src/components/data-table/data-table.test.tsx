import type { ColumnFiltersState, PaginationState, SortingState } from '@tanstack/react-table';
import { createColumnHelper } from '@tanstack/react-table';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, type DataTableLoad, type DataTableProps } from './index';

interface Fruit {
  id: number;
  name: string;
  colour: string;
  /** ISO timestamp. */
  picked: string;
  weight: number;
}

const FRUITS: Fruit[] = [
  { id: 1, name: 'Apple', colour: 'Red', picked: '2026-01-05T10:00:00.000Z', weight: 150 },
  { id: 2, name: 'banana', colour: 'Yellow', picked: '2026-01-20T23:30:00.000Z', weight: 120 },
  { id: 3, name: 'Cherry', colour: 'Red', picked: '2026-02-01T08:00:00.000Z', weight: 8 },
  { id: 4, name: 'Date', colour: 'Brown', picked: '2026-02-14T12:00:00.000Z', weight: 7 },
  { id: 5, name: 'Elderberry', colour: 'Black', picked: '2026-03-01T12:00:00.000Z', weight: 1 },
  { id: 6, name: 'Fig', colour: 'Purple', picked: '2026-03-15T12:00:00.000Z', weight: 50 },
  { id: 7, name: 'Grape', colour: 'Green', picked: '2026-04-01T12:00:00.000Z', weight: 5 },
];

const COLOURS = ['Black', 'Brown', 'Green', 'Purple', 'Red', 'Yellow'].map((c) => ({ value: c, label: c }));
const helper = createColumnHelper<Fruit>();
const columns = [
  helper.accessor('name', { header: 'Name', meta: { filter: { kind: 'text' } } }),
  helper.accessor('colour', {
    header: 'Colour',
    meta: { filter: { kind: 'select', options: [{ value: '', label: 'All' }, ...COLOURS] } },
  }),
  helper.accessor('colour', {
    id: 'colours',
    header: 'Colours',
    meta: { filter: { kind: 'select', options: COLOURS, multiple: true } },
  }),
  helper.accessor('picked', {
    header: 'Picked',
    meta: { filter: { kind: 'dateRange' } },
    cell: ({ getValue }) => getValue().slice(0, 10),
  }),
  helper.accessor('weight', { header: 'Weight', meta: { filter: { kind: 'numberRange' } } }),
];

const loaded: DataTableLoad = { isFetching: false, isError: false, isSuccess: true, refetch: () => {} };
const MESSAGES = {
  loading: 'Loading fruit',
  error: 'The fruit could not be loaded.',
  empty: 'No fruit yet.',
};

function renderTable(overrides: Partial<DataTableProps<Fruit>> = {}) {
  const props: DataTableProps<Fruit> = {
    'aria-label': 'Fruit',
    columns,
    data: FRUITS,
    getRowId: (row) => String(row.id),
    load: loaded,
    messages: { ...MESSAGES, noMatch: 'No fruit matches the filters.' },
    defaultPageSize: 5,
    ...overrides,
  };
  const view = render(<DataTable {...props} />);
  return { ...view, user: userEvent.setup(), props };
}

/** The first cell (the name) of each body row. */
const names = () =>
  within(screen.getByRole('table', { name: 'Fruit' }))
    .getAllByRole('row')
    .slice(2)
    .map((r) => within(r).getAllByRole('cell')[0]!.textContent);

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, ...options: string[]) {
  await user.click(screen.getByRole('combobox', { name: label }));
  const list = await screen.findByRole('listbox');
  for (const option of options) await user.click(within(list).getByRole('option', { name: option }));
  if (options.length !== 1) await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
}

describe('DataTable (client-side)', () => {
  it('sorts by a clicked column ascending, then descending, never back to unsorted', () => {
    renderTable({ initialSorting: [{ id: 'weight', desc: true }] });
    expect(names()).toEqual(['Apple', 'banana', 'Fig', 'Cherry', 'Date']);
    const name = screen.getByRole('button', { name: 'Name' });
    fireEvent.click(name);
    expect(name.closest('th')).toHaveAttribute('aria-sort', 'ascending');
    expect(names()).toEqual(['Apple', 'banana', 'Cherry', 'Date', 'Elderberry']);
    fireEvent.click(name);
    expect(name.closest('th')).toHaveAttribute('aria-sort', 'descending');
    expect(names()).toEqual(['Grape', 'Fig', 'Elderberry', 'Date', 'Cherry']);
    fireEvent.click(name);
    expect(name.closest('th')).toHaveAttribute('aria-sort', 'ascending');
  });

  it('filters text by "contains", ignoring case and blanks, back on the first page', () => {
    renderTable();
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(names()).toEqual(['Fig', 'Grape']);
    fireEvent.change(screen.getByLabelText('Filter Name'), { target: { value: ' AN ' } });
    expect(names()).toEqual(['banana']);
    expect(screen.getByText('1–1 of 1')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Filter Name'), { target: { value: 'zzz' } });
    expect(screen.getByText('No fruit matches the filters.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Filter Name'), { target: { value: '' } });
    expect(screen.getByText('1–5 of 7')).toBeInTheDocument();
  });

  it('filters by a select (All removes it) and by a multiple select', async () => {
    const { user } = renderTable();
    expect(screen.getByRole('combobox', { name: 'Filter Colour' })).toHaveTextContent('All');
    await choose(user, 'Filter Colour', 'Red');
    expect(names()).toEqual(['Apple', 'Cherry']);
    await choose(user, 'Filter Colour', 'All');
    expect(names()).toHaveLength(5);

    expect(screen.getByRole('combobox', { name: 'Filter Colours' })).toHaveTextContent('All');
    await choose(user, 'Filter Colours', 'Green', 'Yellow');
    expect(names()).toEqual(['banana', 'Grape']);
    expect(screen.getByRole('combobox', { name: 'Filter Colours' })).toHaveTextContent('Green, Yellow');
  });

  it('filters by a date range typed as DD-MMM-YYYY, both days included, on the UTC day', () => {
    renderTable();
    const from = screen.getByLabelText('Picked from');
    const to = screen.getByLabelText('Picked to');
    expect(from).toHaveAttribute('placeholder', 'DD-MMM-YYYY');
    fireEvent.change(from, { target: { value: '20-Jan-2026' } });
    expect(names()).toEqual(['banana', 'Cherry', 'Date', 'Elderberry', 'Fig']);
    fireEvent.change(to, { target: { value: '14-feb-2026' } });
    expect(names()).toEqual(['banana', 'Cherry', 'Date']);
    // A half-typed day does not filter.
    fireEvent.change(from, { target: { value: '20-Jan-20' } });
    expect(names()).toEqual(['Apple', 'banana', 'Cherry', 'Date']);
  });

  it('filters by a number range, both ends included', () => {
    renderTable();
    fireEvent.change(screen.getByLabelText('Weight min'), { target: { value: '7' } });
    expect(names()).toEqual(['Apple', 'banana', 'Cherry', 'Date', 'Fig']);
    fireEvent.change(screen.getByLabelText('Weight max'), { target: { value: '50' } });
    expect(names()).toEqual(['Cherry', 'Date', 'Fig']);
    // Letters are not taken.
    fireEvent.change(screen.getByLabelText('Weight max'), { target: { value: '5x' } });
    expect(screen.getByLabelText('Weight max')).toHaveValue('50');
  });

  it('pages with the offered sizes and remembers the chosen size under its key', async () => {
    const { user, unmount } = renderTable({ pageSizeKey: 'test.fruit.pageSize' });
    expect(screen.getByText('1–5 of 7')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: /rows per page/i }));
    const sizes = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(sizes.map((o) => o.textContent)).toEqual(['5', '10', '25']);
    await user.click(screen.getByRole('option', { name: '10' }));
    await waitFor(() => expect(names()).toHaveLength(7));
    expect(window.localStorage.getItem('test.fruit.pageSize')).toBe('10');
    unmount();

    renderTable({ pageSizeKey: 'test.fruit.pageSize' });
    expect(screen.getByText('1–7 of 7')).toBeInTheDocument();
  });

  it('ignores a remembered size it does not offer, and remembers nothing without a key', async () => {
    window.localStorage.setItem('test.fruit.pageSize', '7');
    const { unmount } = renderTable({ pageSizeKey: 'test.fruit.pageSize' });
    expect(names()).toHaveLength(5);
    unmount();
    window.localStorage.clear();

    const { user } = renderTable();
    await user.click(screen.getByRole('combobox', { name: /rows per page/i }));
    await user.click(await screen.findByRole('option', { name: '25' }));
    await waitFor(() => expect(names()).toHaveLength(7));
    expect(window.localStorage.length).toBe(0);
  });

  it('shows the empty, loading and error states', async () => {
    const { rerender, props } = renderTable({ data: [] });
    expect(screen.getByText('No fruit yet.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Loading fruit')).not.toBeInTheDocument();

    const loading = { ...loaded, isFetching: true, isSuccess: false };
    rerender(<DataTable {...props} data={undefined} load={loading} />);
    expect(screen.getByLabelText('Loading fruit')).toBeInTheDocument();
    expect(screen.queryByText('No fruit yet.')).not.toBeInTheDocument();

    const refetch = vi.fn();
    rerender(
      <DataTable
        {...props}
        data={undefined}
        load={{ ...loaded, isSuccess: false, isError: true, refetch }}
      />,
    );
    expect(screen.getByText('The fruit could not be loaded.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('adds a sticky actions column and shows no filter row when no column filters', () => {
    const plain = [
      helper.accessor('name', { header: 'Name' }),
      helper.accessor('weight', { header: 'Weight' }),
    ];
    renderTable({
      columns: plain,
      rowActions: { header: 'Actions', cell: (row) => <button type="button">{`Menu ${row.name}`}</button> },
    });
    const table = screen.getByRole('table', { name: 'Fruit' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Weight', 'Actions']);
    const firstRow = within(table).getAllByRole('row')[1]!;
    expect(
      within(firstRow)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Apple', '150', 'Menu Apple']);
    expect(within(firstRow).getAllByRole('cell')[2]).toHaveStyle({ position: 'sticky', right: '0px' });
    expect(within(firstRow).getAllByRole('cell')[0]).toHaveStyle({ position: 'sticky', left: '0px' });
  });
});

describe('DataTable (server-side)', () => {
  it('shows the rows as given and reports sorting, filters and paging instead of doing them', async () => {
    const onSortingChange = vi.fn<(s: SortingState) => void>();
    const onColumnFiltersChange = vi.fn<(f: ColumnFiltersState) => void>();
    const onPaginationChange = vi.fn<(p: PaginationState) => void>();
    const page = [FRUITS[6]!, FRUITS[0]!];
    const { user } = renderTable({
      data: page,
      server: {
        rowCount: 42,
        sorting: [{ id: 'name', desc: true }],
        onSortingChange,
        columnFilters: [{ id: 'name', value: 'e' }],
        onColumnFiltersChange,
        pagination: { pageIndex: 1, pageSize: 10 },
        onPaginationChange,
      },
    });
    expect(names()).toEqual(['Grape', 'Apple']);
    expect(screen.getByText('11–20 of 42')).toBeInTheDocument();
    expect(screen.getByLabelText('Filter Name')).toHaveValue('e');
    expect(screen.getByRole('button', { name: 'Name' }).closest('th')).toHaveAttribute(
      'aria-sort',
      'descending',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Weight' }));
    expect(onSortingChange).toHaveBeenLastCalledWith([{ id: 'weight', desc: false }]);
    fireEvent.change(screen.getByLabelText('Filter Name'), { target: { value: 'ex' } });
    expect(onColumnFiltersChange).toHaveBeenLastCalledWith([{ id: 'name', value: 'ex' }]);
    fireEvent.change(screen.getByLabelText('Picked to'), { target: { value: '31-Jan-2026' } });
    expect(onColumnFiltersChange).toHaveBeenLastCalledWith([
      { id: 'name', value: 'e' },
      { id: 'picked', value: { from: '', to: '2026-01-31' } },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(onPaginationChange).toHaveBeenLastCalledWith({ pageIndex: 2, pageSize: 10 });
    await user.click(screen.getByRole('combobox', { name: /rows per page/i }));
    await user.click(await screen.findByRole('option', { name: '25' }));
    expect(onPaginationChange).toHaveBeenLastCalledWith({ pageIndex: 0, pageSize: 25 });
  });
});

import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { ColumnFiltersState, PaginationState, SortingState } from '@tanstack/react-table';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DataTable } from './index';
import { choose, columns, FRUITS, helper, loaded, names, renderTable } from './test/fruit-table';

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

describe('DataTable (pinned rows, owner filters)', () => {
  const totalRow = (
    <TableRow>
      <TableCell>Total</TableCell>
      <TableCell colSpan={4}>All fruit</TableCell>
    </TableRow>
  );

  it('shows pinned rows first on every page, neither sorted, filtered nor counted', () => {
    renderTable({ pinnedRows: totalRow });
    expect(names()).toEqual(['Total', 'Apple', 'banana', 'Cherry', 'Date', 'Elderberry']);
    expect(screen.getByText('1–5 of 7')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(names()).toEqual(['Total', 'Fig', 'Grape']);
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(names()).toEqual(['Total', 'banana', 'Apple']);
    fireEvent.change(screen.getByLabelText('Filter Name'), { target: { value: 'zzz' } });
    expect(names()).toEqual(['Total', 'No fruit matches the filters.']);
  });

  it('keeps empty cells of a sortUndefined "last" column last, in their order, either way', () => {
    const heavy = helper.accessor((f) => (f.weight < 10 ? undefined : f.weight), {
      id: 'heavy',
      header: 'Heavy',
      sortUndefined: 'last',
    });
    renderTable({ columns: [columns[0]!, heavy], defaultPageSize: 25 });
    fireEvent.click(screen.getByRole('button', { name: 'Heavy' }));
    expect(names()).toEqual(['Fig', 'banana', 'Apple', 'Cherry', 'Date', 'Elderberry', 'Grape']);
    fireEvent.click(screen.getByRole('button', { name: 'Heavy' }));
    expect(names()).toEqual(['Apple', 'banana', 'Fig', 'Cherry', 'Date', 'Elderberry', 'Grape']);
  });

  it('shows and reports the owner’s filters and page, leaving the filtering to the owner', async () => {
    const onColumnFiltersChange = vi.fn<(f: ColumnFiltersState) => void>();
    const onPageIndexChange = vi.fn<(index: number) => void>();
    const owner = { columnFilters: [{ id: 'name', value: 'an' }], onColumnFiltersChange, pageIndex: 1 };
    const { user, rerender, props } = renderTable({ ownerFilters: { ...owner, onPageIndexChange } });
    expect(screen.getByLabelText('Filter Name')).toHaveValue('an');
    expect(names()).toEqual(['Fig', 'Grape']);

    fireEvent.change(screen.getByLabelText('Filter Name'), { target: { value: 'ana' } });
    expect(onColumnFiltersChange).toHaveBeenLastCalledWith([{ id: 'name', value: 'ana' }]);
    // Neither filtered nor back on the first page until the owner says so.
    expect(names()).toEqual(['Fig', 'Grape']);
    fireEvent.click(screen.getByRole('button', { name: 'Go to previous page' }));
    expect(onPageIndexChange).toHaveBeenLastCalledWith(0);

    // A page past the owner's rows shows the last one.
    const past = { ...owner, pageIndex: 3, onPageIndexChange };
    rerender(<DataTable {...props} data={FRUITS.slice(0, 6)} ownerFilters={past} />);
    expect(names()).toEqual(['Fig']);
    expect(screen.getByText('6–6 of 6')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: /rows per page/i }));
    await user.click(await screen.findByRole('option', { name: '10' }));
    expect(onPageIndexChange).toHaveBeenLastCalledWith(0);
    expect(names()).toHaveLength(6);
  });
});

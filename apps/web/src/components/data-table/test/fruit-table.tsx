import { createColumnHelper } from '@tanstack/react-table';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { DataTable, type DataTableLoad, type DataTableProps } from '../index';

export interface Fruit {
  id: number;
  name: string;
  colour: string;
  /** ISO timestamp. */
  picked: string;
  weight: number;
}

export const FRUITS: Fruit[] = [
  { id: 1, name: 'Apple', colour: 'Red', picked: '2026-01-05T10:00:00.000Z', weight: 150 },
  { id: 2, name: 'banana', colour: 'Yellow', picked: '2026-01-20T23:30:00.000Z', weight: 120 },
  { id: 3, name: 'Cherry', colour: 'Red', picked: '2026-02-01T08:00:00.000Z', weight: 8 },
  { id: 4, name: 'Date', colour: 'Brown', picked: '2026-02-14T12:00:00.000Z', weight: 7 },
  { id: 5, name: 'Elderberry', colour: 'Black', picked: '2026-03-01T12:00:00.000Z', weight: 1 },
  { id: 6, name: 'Fig', colour: 'Purple', picked: '2026-03-15T12:00:00.000Z', weight: 50 },
  { id: 7, name: 'Grape', colour: 'Green', picked: '2026-04-01T12:00:00.000Z', weight: 5 },
];

const COLOURS = ['Black', 'Brown', 'Green', 'Purple', 'Red', 'Yellow'].map((c) => ({ value: c, label: c }));
export const helper = createColumnHelper<Fruit>();
export const columns = [
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

export const loaded: DataTableLoad = {
  isFetching: false,
  isError: false,
  isSuccess: true,
  refetch: () => {},
};
export const MESSAGES = {
  loading: 'Loading fruit',
  error: 'The fruit could not be loaded.',
  empty: 'No fruit yet.',
};

export function renderTable(overrides: Partial<DataTableProps<Fruit>> = {}) {
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
export const names = () =>
  within(screen.getByRole('table', { name: 'Fruit' }))
    .getAllByRole('row')
    .slice(2)
    .map((r) => within(r).getAllByRole('cell')[0]!.textContent);

export async function choose(user: ReturnType<typeof userEvent.setup>, label: string, ...options: string[]) {
  await user.click(screen.getByRole('combobox', { name: label }));
  const list = await screen.findByRole('listbox');
  for (const option of options) await user.click(within(list).getByRole('option', { name: option }));
  if (options.length !== 1) await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
}

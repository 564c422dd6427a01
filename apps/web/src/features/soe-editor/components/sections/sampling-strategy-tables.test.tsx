import { SAMPLING_TABLES, SOE_LIMITS, type SoeSamplingRow } from '@predict/shared';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SamplingStrategyTables } from './index';

/** Every row of the tables, as the server sends them (a few values filled in). */
const rows: SoeSamplingRow[] = SAMPLING_TABLES.flatMap((t) =>
  t.rows.map((r) => ({
    scheduleOfEventsId: 7,
    tableSort: t.tableSort,
    rowSort: r.rowSort,
    rowLabel: r.rowLabel,
    cellValue1: t.tableSort === 2 && r.rowSort === 1 ? '12' : null,
    cellValue2: t.tableSort === 5 ? '2.5' : null,
    cellValue3: null,
    cellValue4: null,
    notes: t.tableSort === 1 && r.rowSort === 1 ? 'Agreed with sponsor' : null,
    editField: r.editField ?? null,
  })),
);

const allOpen = Object.fromEntries(SAMPLING_TABLES.map((t) => [t.tableSort, true]));
const notes = (rowLabel: string) => screen.getByRole('textbox', { name: `Notes: ${rowLabel}` });

const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

afterEach(() => {
  vi.useRealTimers();
});

describe('SamplingStrategyTables', () => {
  it('shows the seven tables as closed sections in order, and opens one from the keyboard', async () => {
    const user = userEvent.setup();
    render(<SamplingStrategyTables rows={rows} onNotesChange={() => {}} />);
    const headers = screen.getAllByRole('button', { expanded: false });
    expect(headers.map((h) => h.textContent)).toEqual([
      'Variables',
      'Study Specs',
      'CRA Time - SDR/SDV Time',
      'IMV Budgeting',
      'CDA Subject Review Time',
      'CDA Study Review Time',
      'ePrice Info',
    ]);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    headers[1]!.focus();
    await user.keyboard('{Enter}');
    const specs = screen.getByRole('table', { name: 'Study Specs' });
    expect(within(specs).getByRole('row', { name: /Number of Countries/ })).toHaveTextContent('12');
  });

  it('follows a controlled open state and reports toggles by table', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    render(
      <SamplingStrategyTables
        rows={rows}
        onNotesChange={() => {}}
        open={{ 5: true }}
        onOpenChange={onOpenChange}
      />,
    );
    expect(screen.getAllByRole('table')).toHaveLength(1);
    const subject = screen.getByRole('table', { name: 'CDA Subject Review Time' });
    // Two values in this table: two value columns.
    expect(
      within(subject)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Item', 'Value 1', 'Value 2', 'Notes']);
    await user.click(screen.getByRole('button', { name: 'IMV Budgeting' }));
    expect(onOpenChange).toHaveBeenCalledWith(4, true);
  });

  it('writes a note back once, 500 ms after the last keystroke', () => {
    vi.useFakeTimers();
    const onNotesChange = vi.fn();
    render(<SamplingStrategyTables rows={rows} open={allOpen} onNotesChange={onNotesChange} />);
    const field = notes('Number of Sites');
    type(field, 'Top');
    advance(SOE_LIMITS.debounceMs - 100);
    type(field, 'Top 20');
    advance(SOE_LIMITS.debounceMs - 1);
    expect(onNotesChange).not.toHaveBeenCalled();
    advance(1);
    expect(onNotesChange).toHaveBeenCalledTimes(1);
    expect(onNotesChange).toHaveBeenCalledWith(2, 2, 'Top 20');
    advance(5 * SOE_LIMITS.debounceMs);
    expect(onNotesChange).toHaveBeenCalledTimes(1);
  });

  it('writes a pending note at once when the field is left, and an emptied note as null', () => {
    vi.useFakeTimers();
    const onNotesChange = vi.fn();
    render(<SamplingStrategyTables rows={rows} open={allOpen} onNotesChange={onNotesChange} />);
    const field = notes('Assessor Name');
    expect(field).toHaveValue('Agreed with sponsor');
    type(field, '');
    fireEvent.blur(field);
    expect(onNotesChange).toHaveBeenCalledTimes(1);
    expect(onNotesChange).toHaveBeenCalledWith(1, 1, null);
    advance(SOE_LIMITS.debounceMs);
    expect(onNotesChange).toHaveBeenCalledTimes(1);
  });

  it('writes a pending note at once when the tables go away mid-typing (leaving the editor)', () => {
    vi.useFakeTimers();
    const onNotesChange = vi.fn();
    const { unmount } = render(
      <SamplingStrategyTables rows={rows} open={allOpen} onNotesChange={onNotesChange} />,
    );
    type(notes('Last ePrice Upload'), 'x');
    unmount();
    expect(onNotesChange).toHaveBeenCalledTimes(1);
    expect(onNotesChange).toHaveBeenCalledWith(7, 2, 'x');
    advance(1000);
    expect(onNotesChange).toHaveBeenCalledTimes(1);
  });

  it('offers an edit icon on the editable rows only, naming their field', async () => {
    const user = userEvent.setup();
    const onEditField = vi.fn();
    render(
      <SamplingStrategyTables
        rows={rows}
        open={allOpen}
        onNotesChange={() => {}}
        onEditField={onEditField}
      />,
    );
    const editable = SAMPLING_TABLES.flatMap((t) => t.rows.filter((r) => r.editField));
    expect(screen.getAllByRole('button', { name: /^Edit / })).toHaveLength(editable.length);
    expect(screen.queryByRole('button', { name: 'Edit Number of Sites' })).not.toBeInTheDocument();
    await user.click(
      screen.getByRole('button', {
        name: 'Edit Ad Hoc Reviews based on intra-study milestones (IA, IDMC, SDM)',
      }),
    );
    expect(onEditField).toHaveBeenCalledWith('StudyAdhocReview');
  });

  it('hides edit icons and disables notes for read-only users', () => {
    render(
      <SamplingStrategyTables
        rows={rows}
        open={allOpen}
        readOnly
        onNotesChange={() => {}}
        onEditField={() => {}}
      />,
    );
    expect(screen.queryByRole('button', { name: /^Edit / })).not.toBeInTheDocument();
    const fields = screen.getAllByRole('textbox');
    expect(fields).toHaveLength(rows.length);
    for (const field of fields) expect(field).toBeDisabled();
  });
});

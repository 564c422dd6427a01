import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DATE_FORMAT_HINT, DateField } from './index';

/** A form holding the ISO day, as the app's forms and filters do; `seen` records every value it is given. */
function Form({ initial, seen }: { initial: string; seen: (day: string) => void }) {
  const [day, setDay] = useState(initial);
  return (
    <>
      <DateField
        label="Start Date"
        value={day}
        onChange={(next) => {
          seen(next);
          setDay(next);
        }}
      />
      <output aria-label="Form value">{day}</output>
      <button type="button" onClick={() => setDay('2030-12-25')}>
        Load another plan
      </button>
    </>
  );
}

function renderForm(initial = '') {
  const seen = vi.fn<(day: string) => void>();
  render(<Form initial={initial} seen={seen} />);
  return { seen, user: userEvent.setup(), input: screen.getByLabelText('Start Date') };
}

const formValue = () => screen.getByLabelText('Form value').textContent;

describe('DateField', () => {
  it("shows the ISO value in the app's format, DD-MMM-YYYY", () => {
    const { input } = renderForm('2027-01-04');
    expect(input).toHaveValue('04-Jan-2027');
    expect(input).toHaveAttribute('placeholder', 'DD-MMM-YYYY');
  });

  it('gives the ISO day once the typed text is a whole date, and nothing before', async () => {
    const { input, seen, user } = renderForm();
    await user.type(input, '4-jan-2027');
    expect(seen.mock.calls).toEqual([['2027-01-04']]);
    expect(formValue()).toBe('2027-01-04');
    // Leaving the field shows the date the way the app writes it.
    await user.tab();
    expect(input).toHaveValue('04-Jan-2027');
  });

  it('clears the value when the text stops being a date, and says the format after leaving it', async () => {
    const { input, seen, user } = renderForm('2027-01-04');
    await user.type(input, '{Backspace}');
    expect(seen).toHaveBeenLastCalledWith('');
    expect(input).toHaveValue('04-Jan-202');
    expect(screen.queryByText(DATE_FORMAT_HINT)).not.toBeInTheDocument();
    await user.tab();
    expect(screen.getByText(DATE_FORMAT_HINT)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.clear(input);
    expect(screen.queryByText(DATE_FORMAT_HINT)).not.toBeInTheDocument();
    expect(formValue()).toBe('');
  });

  it('tells an unreadable entry apart from a cleared one (onValidityChange, before onChange)', async () => {
    const calls: string[] = [];
    const user = userEvent.setup();
    render(
      <DateField
        label="Start Date"
        value="2027-01-04"
        onChange={(day) => calls.push(`change ${day}`)}
        onValidityChange={(valid) => calls.push(`valid ${valid}`)}
      />,
    );
    const input = screen.getByLabelText('Start Date');
    await user.type(input, 'x');
    await user.clear(input);
    // The value stays 4 January here (the test holds it), so the emptied field says '' again.
    expect(calls).toEqual(['valid false', 'change ', 'valid true', 'change ']);
  });

  it('refuses days that do not exist', () => {
    const { input, seen } = renderForm();
    fireEvent.change(input, { target: { value: '29-Feb-2027' } });
    expect(seen).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '29-Feb-2028' } });
    expect(seen).toHaveBeenLastCalledWith('2028-02-29');
  });

  it('follows a new value set from outside', () => {
    const { input } = renderForm('2027-01-04');
    fireEvent.click(screen.getByRole('button', { name: 'Load another plan' }));
    expect(input).toHaveValue('25-Dec-2030');
  });

  it('picks a day from the calendar, opened by its button or Alt+Down, then returns to the input', async () => {
    const { input, seen, user } = renderForm('2027-01-04');
    await user.click(screen.getByRole('button', { name: 'Choose date' }));
    const calendar = await screen.findByRole('grid', {}, { timeout: 10_000 });
    await user.click(within(calendar).getByRole('gridcell', { name: '15' }));
    expect(seen).toHaveBeenLastCalledWith('2027-01-15');
    expect(input).toHaveValue('15-Jan-2027');
    await waitFor(() => expect(screen.queryByRole('grid')).not.toBeInTheDocument());
    await waitFor(() => expect(input).toHaveFocus());

    act(() => input.focus());
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(await screen.findByRole('grid')).toBeInTheDocument();
  });
});

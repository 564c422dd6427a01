import { SOE_BUSINESS_FUNCTIONS, type SoeSiteGroupEntry } from '@predict/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CONTRACT_DATE_UNREADABLE } from './contract-effective-date-picker';
import { BusinessFunctionSelect, ContractEffectiveDatePicker, SitePicker } from './index';

const entry = (over: Partial<SoeSiteGroupEntry>): SoeSiteGroupEntry => ({
  scheduleOfEventsId: 7,
  siteGroupId: 0,
  siteId: 1,
  siteGroupName: 'Study',
  countryCodeISO3: 'USA',
  countryName: 'United States',
  centralLocal: null,
  tabLabel: 'Study',
  siteNumber: null,
  dropDownListLabel: null,
  currency: 'USD',
  exchangeRate: null,
  effectiveCurrency: 'USD',
  effectiveExchangeRate: null,
  siteContractEffectiveDate: null,
  ...over,
});

const entries = [
  entry({}),
  entry({ siteGroupId: 3, siteId: 1, tabLabel: 'DEU', dropDownListLabel: 'DEU - Country Level' }),
  entry({ siteGroupId: 4, siteId: 1, tabLabel: 'FRA' }),
  entry({ siteGroupId: 3, siteId: 501, siteNumber: '1001', dropDownListLabel: '1001 - Charite Berlin' }),
  entry({ siteGroupId: 3, siteId: 502, siteNumber: '1002', dropDownListLabel: '1002 - Uniklinik Bonn' }),
  entry({ siteGroupId: 4, siteId: 601, siteNumber: '2001', dropDownListLabel: '2001 - Hopital Lyon' }),
];

describe('SitePicker', () => {
  it("offers the tab's country-level entry and its sites only, searchable, and picks one by keyboard", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<SitePicker entries={entries} siteGroupId={3} siteId={1} onChange={onChange} />);
    const box = screen.getByRole('combobox', { name: 'Site List' });
    expect(box).toHaveValue('DEU - Country Level');
    await user.click(box);
    await user.clear(box);
    const options = () =>
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent);
    expect(options()).toEqual(['DEU - Country Level', '1001 - Charite Berlin', '1002 - Uniklinik Bonn']);
    await user.type(box, 'bonn');
    expect(options()).toEqual(['1002 - Uniklinik Bonn']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenCalledWith(502);
  });

  it('names the country-level entry after the tab when it has no label', () => {
    render(<SitePicker entries={entries} siteGroupId={4} siteId={1} onChange={() => {}} />);
    expect(screen.getByRole('combobox', { name: 'Site List' })).toHaveValue('FRA Country level');
  });
});

function DateHarness({
  initial,
  onChange,
  onValidityChange,
}: {
  initial: string | null;
  onChange: (d: string | null) => void;
  onValidityChange?: (valid: boolean) => void;
}) {
  const [day, setDay] = useState(initial);
  return (
    <ContractEffectiveDatePicker
      siteId={501}
      value={day}
      onValidityChange={onValidityChange}
      onChange={(next) => {
        onChange(next);
        setDay(next);
      }}
    />
  );
}

describe('ContractEffectiveDatePicker', () => {
  it('is not shown for the country-level entry (site 1)', () => {
    const { container } = render(
      <ContractEffectiveDatePicker siteId={1} value="2027-01-04" onChange={() => {}} />,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it("shows the date in the app's format and clears it with its button", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<DateHarness initial="2027-01-04" onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Contract Effective Date' });
    // spec/2 section 9: dates display DD/MMM/YYYY.
    expect(input).toHaveValue('04/Jan/2027');
    expect(input).toHaveAttribute('placeholder', 'DD/MMM/YYYY');
    await user.click(screen.getByRole('button', { name: 'Clear contract effective date' }));
    expect(onChange).toHaveBeenCalledWith(null);
    expect(input).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Clear contract effective date' })).toBeDisabled();
    await user.type(input, '15/Mar/2027');
    expect(onChange).toHaveBeenLastCalledWith('2027-03-15');
  });

  it('says so under an unreadable entry, keeps the date, holds the save until it reads or is cleared', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const onValidityChange = vi.fn();
    render(<DateHarness initial="2027-01-04" onChange={onChange} onValidityChange={onValidityChange} />);
    const input = screen.getByRole('textbox', { name: 'Contract Effective Date' });
    await user.type(input, '4 Janvier 2027', { initialSelectionStart: 0, initialSelectionEnd: 11 });
    expect(onValidityChange).toHaveBeenLastCalledWith(false);
    // Not a cleared date: the working copy keeps 4 January.
    expect(onChange).not.toHaveBeenCalledWith(null);
    await user.tab();
    expect(screen.getByText(CONTRACT_DATE_UNREADABLE)).toBeInTheDocument();

    // Clear empties the box and the date, and lets the save go.
    await user.click(screen.getByRole('button', { name: 'Clear contract effective date' }));
    expect(onValidityChange).toHaveBeenLastCalledWith(true);
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.getByRole('textbox', { name: 'Contract Effective Date' })).toHaveValue('');
    expect(screen.queryByText(CONTRACT_DATE_UNREADABLE)).not.toBeInTheDocument();
  });

  it('lets the save go when it goes away with an unreadable entry (another site)', async () => {
    const user = userEvent.setup();
    const onValidityChange = vi.fn();
    const { rerender } = render(
      <ContractEffectiveDatePicker
        siteId={501}
        value={null}
        onChange={() => {}}
        onValidityChange={onValidityChange}
      />,
    );
    await user.type(screen.getByRole('textbox', { name: 'Contract Effective Date' }), '31/02/2027');
    expect(onValidityChange).toHaveBeenLastCalledWith(false);
    rerender(
      <ContractEffectiveDatePicker
        siteId={1}
        value={null}
        onChange={() => {}}
        onValidityChange={onValidityChange}
      />,
    );
    expect(onValidityChange).toHaveBeenLastCalledWith(true);
  });

  it('is disabled, without the clear button, for read-only users', () => {
    render(<ContractEffectiveDatePicker siteId={501} value="2027-01-04" readOnly onChange={() => {}} />);
    expect(screen.getByRole('textbox', { name: 'Contract Effective Date' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Choose date' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Clear contract effective date' })).not.toBeInTheDocument();
  });
});

describe('BusinessFunctionSelect', () => {
  it('offers None and the business functions, and reports the choice', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const { rerender } = render(<BusinessFunctionSelect value={null} onChange={onChange} />);
    await user.click(screen.getByRole('combobox', { name: 'Business Function' }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['None', ...SOE_BUSINESS_FUNCTIONS]);
    await user.click(screen.getByRole('option', { name: 'Clinical Data Management' }));
    expect(onChange).toHaveBeenCalledWith('Clinical Data Management');
    rerender(<BusinessFunctionSelect value="Clinical Data Management" onChange={onChange} />);
    await user.click(screen.getByRole('combobox', { name: 'Business Function' }));
    await user.click(screen.getByRole('option', { name: 'None' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });
});

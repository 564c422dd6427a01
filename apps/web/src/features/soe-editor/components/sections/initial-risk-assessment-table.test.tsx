import { RISK_ASSESSMENT_CATEGORIES, SOE_MESSAGES, type SoeRiskAssessment } from '@predict/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  InitialRiskAssessmentTable,
  type InitialRiskAssessmentTableProps,
  type SoeRiskChange,
} from './index';

/** The ten rows of a new SOE, with the given scores (the rest empty). */
function riskRows(scores: (number | null)[] = []): SoeRiskAssessment[] {
  return RISK_ASSESSMENT_CATEGORIES.map((c, i) => ({
    scheduleOfEventsRiskAssessmentId: 100 + i,
    scheduleOfEventsId: 7,
    riskAssessmentCategory: c.category,
    riskAssessmentStudySpecifics: null,
    riskAssessmentRiskScore: scores[i] ?? null,
    riskAssessmentLow: c.low,
    riskAssessmentModerate: c.moderate,
    riskAssessmentHigh: c.high,
  }));
}

/** Holds the rows as the editor does, applying every change it is told. */
function Editor(props: Partial<InitialRiskAssessmentTableProps> & { initial?: SoeRiskAssessment[] }) {
  const { initial = riskRows(), onChange, ...rest } = props;
  const [rows, setRows] = useState(initial);
  const change = (id: number, c: SoeRiskChange) => {
    onChange?.(id, c);
    setRows((all) => all.map((r) => (r.scheduleOfEventsRiskAssessmentId === id ? { ...r, ...c } : r)));
  };
  return <InitialRiskAssessmentTable open rows={rows} onChange={change} {...rest} />;
}

const total = () => screen.getByRole('status');
const score = (category: string) => screen.getByRole('textbox', { name: `Risk score: ${category}` });
const [first, second, , , , , seventh] = RISK_ASSESSMENT_CATEGORIES.map((c) => c.category);

describe('InitialRiskAssessmentTable', () => {
  it('lists each category with its guidance, and the total starts at 0, green and Low', () => {
    render(<Editor />);
    const table = screen.getByRole('table', { name: 'Initial Risk Assessment' });
    const row = within(table).getByRole('row', { name: new RegExp(RISK_ASSESSMENT_CATEGORIES[0].category) });
    expect(row).toHaveTextContent(RISK_ASSESSMENT_CATEGORIES[0].low);
    expect(row).toHaveTextContent(RISK_ASSESSMENT_CATEGORIES[0].high);
    expect(total()).toHaveTextContent('Initial Risk Score: 0.0 (Low)');
    expect(total()).toHaveClass('MuiChip-colorSuccess');
  });

  it.each([
    [[3, 3, 3, 3, 3, 3], '18.0', 'Low', 'MuiChip-colorSuccess'],
    [[3, 3, 3, 3, 3, 3, 0.1], '18.1', 'Moderate', 'MuiChip-colorWarning'],
    [[3, 3, 3, 3, 3, 3, 3, 3, 2], '26.0', 'Moderate', 'MuiChip-colorWarning'],
    [[3, 3, 3, 3, 3, 3, 3, 3, 2.1], '26.1', 'High', 'MuiChip-colorError'],
  ])('colours the total of %j (%s) as %s', (scores, shown, level, colourClass) => {
    render(<Editor initial={riskRows(scores)} />);
    expect(total()).toHaveTextContent(`Initial Risk Score: ${shown} (${level})`);
    expect(total()).toHaveClass(colourClass);
  });

  it('adds typed scores to the total as they are entered (18 to 18.1 turns it yellow)', async () => {
    const user = userEvent.setup();
    render(<Editor initial={riskRows([3, 3, 3, 3, 3, 3])} />);
    await user.type(score(seventh!), '0.1');
    expect(total()).toHaveTextContent('Initial Risk Score: 18.1 (Moderate)');
    await user.clear(score(seventh!));
    expect(total()).toHaveTextContent('Initial Risk Score: 18.0 (Low)');
  });

  it.each(['3.1', '0.15', '-1', 'abc'])(
    'refuses the score %s with the spec message; the editor holds no score meanwhile',
    async (text) => {
      const user = userEvent.setup();
      const onChange = vi.fn();
      const onValidityChange = vi.fn();
      render(<Editor onChange={onChange} onValidityChange={onValidityChange} />);
      await user.type(score(first!), text);
      expect(score(first!)).toHaveValue(text);
      expect(score(first!)).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByText(SOE_MESSAGES.riskScore)).toBeInTheDocument();
      expect(onValidityChange).toHaveBeenLastCalledWith(100, false);
      // Like the app's date field: a text that is not a valid score leaves the row without one.
      if (onChange.mock.calls.length > 0)
        expect(onChange).toHaveBeenLastCalledWith(100, { riskAssessmentRiskScore: null });
      expect(total()).toHaveTextContent('Initial Risk Score: 0.0 (Low)');
    },
  );

  it('accepts 0 to 3.0 in steps of 0.1, an emptied score as null, and says when a score is valid again', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const onValidityChange = vi.fn();
    render(<Editor onChange={onChange} onValidityChange={onValidityChange} />);
    await user.type(score(first!), '3.5');
    expect(onValidityChange).toHaveBeenLastCalledWith(100, false);
    expect(onChange).toHaveBeenLastCalledWith(100, { riskAssessmentRiskScore: null });
    await user.type(score(first!), '{Backspace}{Backspace}');
    expect(onChange).toHaveBeenLastCalledWith(100, { riskAssessmentRiskScore: 3 });
    expect(onValidityChange).toHaveBeenLastCalledWith(100, true);
    expect(screen.queryByText(SOE_MESSAGES.riskScore)).not.toBeInTheDocument();
    await user.clear(score(first!));
    expect(onChange).toHaveBeenLastCalledWith(100, { riskAssessmentRiskScore: null });
    await user.type(score(second!), '2.7');
    expect(onChange).toHaveBeenLastCalledWith(101, { riskAssessmentRiskScore: 2.7 });
  });

  it('steps the score by 0.1 with the arrow keys, within 0 to 3', async () => {
    const user = userEvent.setup();
    render(<Editor initial={riskRows([2.9])} />);
    await user.click(score(first!));
    await user.keyboard('{ArrowUp}');
    expect(score(first!)).toHaveValue('3');
    await user.keyboard('{ArrowUp}');
    expect(score(first!)).toHaveValue('3');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(score(first!)).toHaveValue('2.8');
  });

  it('passes study specifics, an emptied one as null, and stops at 500 characters', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Editor onChange={onChange} />);
    const specifics = screen.getByRole('textbox', { name: `Study specifics: ${first}` });
    await user.type(specifics, 'ab');
    expect(onChange).toHaveBeenLastCalledWith(100, { riskAssessmentStudySpecifics: 'ab' });
    await user.clear(specifics);
    expect(onChange).toHaveBeenLastCalledWith(100, { riskAssessmentStudySpecifics: null });
    expect(specifics).toHaveAttribute('maxLength', '500');
  });

  it('disables every input for read-only users', () => {
    render(<Editor readOnly initial={riskRows([1])} />);
    const inputs = screen.getAllByRole('textbox');
    expect(inputs).toHaveLength(20);
    for (const input of inputs) expect(input).toBeDisabled();
  });

  it('opens and closes from the keyboard, the total staying visible while closed', async () => {
    const user = userEvent.setup();
    render(<InitialRiskAssessmentTable rows={riskRows([1.5])} onChange={() => {}} />);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(total()).toHaveTextContent('Initial Risk Score: 1.5 (Low)');
    const header = screen.getByRole('button', { name: /Initial Risk Assessment/ });
    header.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('table', { name: 'Initial Risk Assessment' })).toBeInTheDocument();
    expect(header).toHaveAttribute('aria-expanded', 'true');
  });
});

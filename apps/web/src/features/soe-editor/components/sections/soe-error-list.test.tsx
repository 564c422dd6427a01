import { SOE_MESSAGES, soeRowIssues, summarizeSoeIssues } from '@predict/shared';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SoeErrorList } from './index';

describe('SoeErrorList', () => {
  it('shows nothing without issues', () => {
    const { container } = render(<SoeErrorList issues={[]} />);
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('lists each message once, with a count badge only when more than one row has it', () => {
    // Two visits without a category and one duplicate name pair, as the editor's rules find them.
    const visit = (visitName: string, visitCategory: string | null) => ({
      visitName,
      visitCategory,
      visitStudyDay: 1,
      visitIntervalType: 'Day',
    });
    const issues = summarizeSoeIssues(
      soeRowIssues(
        [visit('V1', null), visit('V2', null), visit('V3', 'Screening')],
        [{ assessmentName: 'ECG', assessmentType: 'Procedure', assessmentCost: null }],
      ),
    );
    render(<SoeErrorList issues={issues} />);
    const alert = screen.getByRole('alert');
    const items = within(alert).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent(SOE_MESSAGES.visitCategoryRequired);
    expect(within(items[0]!).getByLabelText('2 entries')).toHaveTextContent('2');
    expect(items[1]).toHaveTextContent(SOE_MESSAGES.assessmentCostRequired);
    expect(within(items[1]!).queryByLabelText(/entries/)).not.toBeInTheDocument();
  });
});

import { blankVisitInput } from '@predict/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '@/test/render';
import { VisitsTable } from './visits-table';

/** The study tab's Visits table in the Cost view: one visit costing 150 in the study's currency. */
function renderCostView(currency: string) {
  const dispatch = vi.fn();
  const visits = [{ ...blankVisitInput('11'), visitName: 'Screening Visit', visitCost: 150 }];
  const view = renderScreen(
    <VisitsTable
      visits={visits}
      intervalType="Day"
      commentType="COST"
      currency={currency}
      readOnly={false}
      rowErrors={new Map()}
      dispatch={dispatch}
    />,
  );
  return { ...view, dispatch, cost: screen.getByRole('textbox', { name: 'Visit Cost of Screening Visit' }) };
}

describe('VisitsTable, Cost view', () => {
  it('shows the visit cost as currency (spec/2 section 5) and the plain number while editing', async () => {
    const { user, cost, dispatch } = renderCostView('USD');
    expect(cost).toHaveValue('$150.00');
    await user.click(cost);
    expect(cost).toHaveValue('150');
    await user.type(cost, '0.5');
    expect(cost).toHaveValue('1500.5');
    expect(dispatch).toHaveBeenLastCalledWith({
      type: 'updateVisit',
      key: '11',
      patch: { visitCost: 1500.5 },
    });
  });

  it("uses the study's currency", () => {
    const { cost } = renderCostView('EUR');
    expect(cost).toHaveValue('€150.00');
  });
});

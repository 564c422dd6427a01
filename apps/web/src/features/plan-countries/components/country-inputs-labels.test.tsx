import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { siteGroupFixture } from '../test/plan-countries-fixtures';
import { draftFromGroup } from '../utils/country-draft';
import { CountryInputsSection } from './country-inputs-section';

const LONG_LABELS = [
  'Patients Completing Treatment (Lower Bound)',
  'Patients Completing Treatment (Upper Bound)',
  'Patients Completing Follow-Up (Lower Bound)',
  'Number of Activated Sites (Upper Bound)',
];

describe('Country inputs labels', () => {
  it('shows each whole label above its input, wrapping rather than cut with an ellipsis', () => {
    render(
      <CountryInputsSection
        draft={draftFromGroup(siteGroupFixture(501, 'Germany'))}
        message={() => undefined}
        disabled={false}
        change={() => {}}
        scenarioB
        sequential={false}
        confirmSitesChange={() => Promise.resolve(true)}
      />,
    );
    for (const label of LONG_LABELS) {
      const input = screen.getByLabelText(label);
      const element = screen.getByText(label);
      expect(element.tagName).toBe('LABEL');
      expect(element).toHaveAttribute('for', input.id);
      // MUI's floating label is one line, cut with an ellipsis at the field's width; this one wraps.
      expect(element).not.toHaveClass('MuiInputLabel-root');
      expect(getComputedStyle(element).whiteSpace).not.toBe('nowrap');
      expect(getComputedStyle(element).textOverflow).not.toBe('ellipsis');
    }
  });
});

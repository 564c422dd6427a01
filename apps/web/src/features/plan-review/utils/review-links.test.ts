import { describe, expect, it } from 'vitest';
import {
  countryFixture,
  siteGroupFixture,
  step2Plan,
} from '@/features/plan-countries/test/plan-countries-fixtures';
import { editSectionPath } from './review-links';

describe('editSectionPath', () => {
  it("counts step 2's tabs per site group: a country after the USA's two groups is tab 3", () => {
    const plan = step2Plan({
      countries: [
        countryFixture(276, 'DEU', 'Germany', [siteGroupFixture(501, 'Germany')]),
        countryFixture(840, 'USA', 'United States', [
          siteGroupFixture(502, 'USA - Central'),
          siteGroupFixture(503, 'USA - Local'),
        ]),
        countryFixture(250, 'FRA', 'France', [siteGroupFixture(504, 'France')]),
      ],
    });
    expect(editSectionPath(plan, 1, 'milestones')).toBe(
      '/ctpo/study-plans/7/42/countries-and-site-groups?country=1#country-milestones',
    );
    expect(editSectionPath(plan, 2, 'seasonalVariation')).toBe(
      '/ctpo/study-plans/7/42/countries-and-site-groups?country=3#seasonal-variation',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { draftFromGroup } from './country-draft';
import { changedRows, fieldOfPath } from './step2-rows';
import { DEU, siteGroupFixture, USA } from '../test/plan-countries-fixtures';

describe('step 2 rows', () => {
  const saved = new Map([
    [DEU, draftFromGroup(siteGroupFixture(DEU, 'Germany'))],
    [USA, draftFromGroup(siteGroupFixture(USA, 'USA - Central'))],
  ]);

  it('sends only the changed countries of each table, completing half-filled profile pairs with 0', () => {
    const usa = saved.get(USA)!;
    const points = usa.activation.points.map((p, i) =>
      i === 3 ? { label: 'Projected', sites: '9', days: '' } : p,
    );
    const drafts = new Map(saved).set(USA, { ...usa, activation: { ...usa.activation, points } });
    const { tables, sources, changed } = changedRows([DEU, USA], drafts, saved, () => null);
    expect(tables.countryInputs).toEqual([]);
    expect(tables.activationProfiles).toHaveLength(1);
    expect(tables.activationProfiles[0]!.points[3]).toEqual({
      siteActivationLabel: 'Projected',
      siteActivationProfilePct: 9,
      siteActivationProfileDays: 0,
    });
    expect([...changed.keys()]).toEqual([USA]);
    // The server's path of that point finds its column again.
    expect(fieldOfPath('body.activationProfiles.0.points.3.siteActivationProfileDays', sources)).toEqual({
      id: USA,
      key: 'activationProfiles.3.days',
    });
    expect(fieldOfPath('countryInputs.0.siteEnrollmentRateAtSIV', sources)).toBeNull();
  });

  it('maps milestone, input and seasonal paths to their fields', () => {
    const sources = {
      countryInputs: [DEU],
      milestones: [{ id: USA, milestoneId: 139 }],
      activationProfiles: [],
      enrollmentSeasonalVariations: [USA],
      siteFatigue: [DEU],
    };
    expect(fieldOfPath('countryInputs.0.NUM_SUBJECTS_SCREENED.lowerBound', sources)).toEqual({
      id: DEU,
      key: 'countryInputs.NUM_SUBJECTS_SCREENED.lowerBound',
    });
    expect(fieldOfPath('milestones.0.comments', sources)).toEqual({
      id: USA,
      key: 'milestones.139.comments',
    });
    expect(fieldOfPath('enrollmentSeasonalVariations.0.values.4', sources)).toEqual({
      id: USA,
      key: 'enrollmentSeasonalVariations.4',
    });
    expect(fieldOfPath('siteFatigue.0.eventualSiteEnrollmentRate', sources)).toEqual({
      id: DEU,
      key: 'siteFatigue.eventualSiteEnrollmentRate',
    });
  });
});

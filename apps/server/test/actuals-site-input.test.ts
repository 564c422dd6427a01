import { describe, expect, it } from 'vitest';
import { parseSimulationInput } from '@predict/engine';
import type { ActualsData } from '../src/services/actuals/compute-actuals';
import { siteActuals, withActuals } from '../src/services/actuals/forecast-lpi';
import { baselineInput } from './helpers/actuals-fixtures';

/** The engine's per-site actuals (SiteGroupActuals.sites) from hand-made extract data. */
const ms = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const GROUP = 7;

const data: ActualsData = {
  asOfMs: ms('2026-06-20'),
  sites: [
    // Activated second, still enrolling; screened in March and May (not June).
    { siteNumber: 'S2', siteGroupId: GROUP, siteActivatedDate: '2026-02-10', siteStatus: 'Enrolling' },
    // Activated first, Closed: last count (a completion) in April, so closed at the start of May.
    { siteNumber: 'S1', siteGroupId: GROUP, siteActivatedDate: '2026-01-05', siteStatus: 'Closed' },
    // Activated, never screened anyone, no site months.
    { siteNumber: 'S3', siteGroupId: GROUP, siteActivatedDate: '2026-05-01', siteStatus: 'Activated' },
    // Closed without any counts: closed on its activation day.
    { siteNumber: 'S4', siteGroupId: GROUP, siteActivatedDate: '2026-03-03', siteStatus: ' closed ' },
    // Not activated, activated after the as-of day, another group: none of them is a site of the group here.
    { siteNumber: 'S5', siteGroupId: GROUP, siteActivatedDate: null, siteStatus: 'Start-up' },
    { siteNumber: 'S6', siteGroupId: GROUP, siteActivatedDate: '2026-07-01', siteStatus: 'Activated' },
    { siteNumber: 'X1', siteGroupId: 99, siteActivatedDate: '2026-01-01', siteStatus: 'Enrolling' },
  ],
  months: [
    {
      siteGroupId: GROUP,
      month: '2026-03-01',
      screened: 9,
      enrolled: 6,
      completedTreatment: 0,
      droppedOut: 0,
    },
  ],
  siteScreening: [
    { siteNumber: 'S1', screened: 4, lastScreenedMonth: '2026-02-01', lastActiveMonth: '2026-04-01' },
    { siteNumber: 'S2', screened: 5, lastScreenedMonth: '2026-05-01', lastActiveMonth: '2026-05-01' },
    { siteNumber: 'S4', screened: 0, lastScreenedMonth: null, lastActiveMonth: null },
    { siteNumber: 'X1', screened: 3, lastScreenedMonth: '2026-06-01', lastActiveMonth: '2026-06-01' },
  ],
};

describe('per-site actuals of the engine input (withActuals)', () => {
  it('lists each site activated by the as-of day with its screened, last screened month and close date', () => {
    expect(siteActuals(data, GROUP)).toEqual([
      {
        activationDateMillis: ms('2026-01-05'),
        screened: 4,
        lastScreenedMonthMillis: ms('2026-02-01'),
        closedDateMillis: ms('2026-05-01'),
      },
      {
        activationDateMillis: ms('2026-02-10'),
        screened: 5,
        lastScreenedMonthMillis: ms('2026-05-01'),
        closedDateMillis: null,
      },
      {
        activationDateMillis: ms('2026-03-03'),
        screened: 0,
        lastScreenedMonthMillis: null,
        closedDateMillis: ms('2026-03-03'),
      },
      {
        activationDateMillis: ms('2026-05-01'),
        screened: 0,
        lastScreenedMonthMillis: null,
        closedDateMillis: null,
      },
    ]);
  });

  it('never closes a site after the as-of day', () => {
    const late: ActualsData = {
      ...data,
      siteScreening: [
        { siteNumber: 'S1', screened: 4, lastScreenedMonth: '2026-06-01', lastActiveMonth: '2026-06-01' },
      ],
    };
    expect(siteActuals(late, GROUP)![0]!.closedDateMillis).toBe(data.asOfMs);
  });

  it('fills SiteGroupActuals.sites so the engine accepts it, and leaves it out without per-site data', () => {
    const input = baselineInput(GROUP);
    const filled = withActuals(input, data);
    const parsed = parseSimulationInput(filled);
    expect(parsed.ok, JSON.stringify(parsed.ok ? null : parsed.errors)).toBe(true);
    const actuals = filled.siteGroups[0]!.actuals!;
    expect(actuals.sites).toHaveLength(4);
    expect(actuals.siteActivationDatesMillis).toHaveLength(4);
    const { siteScreening: _drop, ...groupOnly } = data;
    expect(withActuals(input, groupOnly).siteGroups[0]!.actuals!.sites).toBeUndefined();
  });
});

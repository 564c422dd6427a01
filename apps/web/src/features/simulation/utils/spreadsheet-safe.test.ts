import { describe, expect, it } from 'vitest';
import { tablesExportFileName } from './spreadsheet-safe';

describe('tablesExportFileName', () => {
  it('joins sponsor, plan name, date, project id and study id', () => {
    const name = tablesExportFileName(
      { sponsorName: 'Acme Pharma', studyPlanName: 'Base plan', projectId: 'P-007', studyId: 7 },
      new Date(2026, 2, 5, 10),
    );
    expect(name).toBe('Acme Pharma_Base plan_2026-03-05_P-007_7.xlsx');
  });

  it('replaces characters file systems refuse', () => {
    expect(
      tablesExportFileName(
        { sponsorName: 'Acme / Co', studyPlanName: 'Plan: v2?', projectId: 'P*1', studyId: 3 },
        new Date(2026, 0, 9),
      ),
    ).toBe('Acme _ Co_Plan_ v2__2026-01-09_P_1_3.xlsx');
  });
});

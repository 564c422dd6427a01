import { describe, expect, it } from 'vitest';
import { neutralizeText, safeCellValue, safeFileNamePart, tablesExportFileName } from './spreadsheet-safe';

describe('neutralizeText', () => {
  it.each(['=SUM(A1:A2)', '+1', '-2+3', '@cmd', '\t=1', '\r=1', '=HYPERLINK("http://x")'])(
    'prefixes %j with an apostrophe',
    (text) => {
      expect(neutralizeText(text)).toBe(`'${text}`);
    },
  );

  it.each(['Germany', 'USA - Central', '', ' =1', "'=1", '1=1', 'a@b'])('leaves %j as it is', (text) => {
    expect(neutralizeText(text)).toBe(text);
  });

  it('passes numbers, dates and empty cells through', () => {
    const date = new Date(0);
    expect(safeCellValue(-5)).toBe(-5);
    expect(safeCellValue(date)).toBe(date);
    expect(safeCellValue(null)).toBeNull();
    expect(safeCellValue('-5')).toBe("'-5");
  });
});

describe('tablesExportFileName', () => {
  it('joins sponsor, plan name, date, project id and study id', () => {
    const name = tablesExportFileName(
      { sponsorName: 'Acme Pharma', studyPlanName: 'Base plan', projectId: 'P-007', studyId: 7 },
      new Date(2026, 2, 5, 10),
    );
    expect(name).toBe('Acme Pharma_Base plan_2026-03-05_P-007_7.xlsx');
  });

  it('replaces characters file systems refuse', () => {
    expect(safeFileNamePart('A/B\\C:D*E?F"G<H>I|J')).toBe('A_B_C_D_E_F_G_H_I_J');
    expect(
      tablesExportFileName(
        { sponsorName: 'Acme / Co', studyPlanName: 'Plan: v2?', projectId: 'P*1', studyId: 3 },
        new Date(2026, 0, 9),
      ),
    ).toBe('Acme _ Co_Plan_ v2__2026-01-09_P_1_3.xlsx');
  });
});

import { describe, expect, it } from 'vitest';
import { exportFileName, planExportFileName, safeFileNamePart } from '../src';

describe('export file names', () => {
  it('replace each run of unsafe characters with one underscore and tidy white space and dots', () => {
    expect(safeFileNamePart('A/B\\C:D*E?F"G<H>I|J')).toBe('A_B_C_D_E_F_G_H_I_J');
    expect(safeFileNamePart('a::b')).toBe('a_b');
    expect(safeFileNamePart('x\u0001\u0002y')).toBe('x_y');
    expect(safeFileNamePart('  Phase   II  plan. ')).toBe('Phase II plan');
    expect(safeFileNamePart('a\tb')).toBe('a_b'); // a tab is a control character
    expect(safeFileNamePart('..hidden')).toBe('hidden');
  });

  it('join the parts with underscores and add the extension', () => {
    expect(exportFileName(['Acme/Pharma', 'Plan 1', '2026-12-02', '42'])).toBe(
      'Acme_Pharma_Plan 1_2026-12-02_42.xlsx',
    );
    expect(exportFileName(['chart'], 'png')).toBe('chart.png');
  });

  it("name the plan spreadsheet after the study, else the project id, else 'study'", () => {
    expect(planExportFileName({ studyName: 'Onco: Phase III?', projectId: 'P-1' })).toBe(
      'Onco_ Phase III__study_plan.xlsx',
    );
    expect(planExportFileName({ studyName: '  ', projectId: 'P-1' })).toBe('P-1_study_plan.xlsx');
    expect(planExportFileName({ studyName: '...', projectId: '' })).toBe('study_study_plan.xlsx');
  });
});

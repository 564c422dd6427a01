import { HCC_SOE } from './demo-soes';

/** A ticked cell of a demo grid: the assessment, its multiplier and U / N form. */
export type Cell = [assessment: string, multiplier: number, un: 'U' | 'N' | null];

const ONCE: Cell[] = [
  ['Informed Consent', 1, 'U'],
  ['Inclusion/Exclusion Criteria Review', 1, 'U'],
  ['Medical History', 1, 'U'],
  ['Demographics', 1, 'U'],
];
const SAFETY_LABS: Cell[] = [
  ['Complete Blood Count with Differential', 1, 'N'],
  ['Comprehensive Metabolic Panel', 1, 'N'],
];
const EVERY_VISIT: Cell[] = [
  ['Adverse Event Review', 1, 'N'],
  ['Concomitant Medication Review', 1, 'N'],
];

/** The melanoma grid: what a clinical-operations lead would tick for each visit of an every-4-week IV regimen. */
export function melanomaCells(name: string, category: string): Cell[] {
  if (category === 'Screening')
    return [
      ...ONCE,
      ['Physical Examination', 1, 'N'],
      ['Vital Signs', 1, 'N'],
      ['Height', 1, null],
      ['Weight', 1, null],
      ['Triplicate 12-Lead ECG', 3, 'N'],
      ['Echocardiogram', 1, null],
      ['CT Scan - Chest/Abdomen/Pelvis', 1, 'N'],
      ['MRI - Brain', 1, 'N'],
      ['Tumor Assessment - RECIST 1.1', 1, 'N'],
      ['ECOG Performance Status', 1, 'N'],
      ...SAFETY_LABS,
      ['Coagulation - PT/INR, aPTT', 1, 'N'],
      ['Thyroid Function Tests', 1, 'N'],
      ['Urinalysis', 1, 'N'],
      ['Serum Pregnancy Test', 1, null],
      ['Hepatitis B Serology', 1, null],
      ['Hepatitis C Serology', 1, null],
      ['HIV Serology', 1, null],
      ['Archival Tumor Tissue', 1, null],
      ['Fresh Tumor Biopsy', 1, null],
      ['Central Imaging Read', 1, null],
      ['Concomitant Medication Review', 1, 'N'],
    ];
  if (category === 'Unscheduled')
    return [
      ['Abbreviated Physical Examination', 1, 'N'],
      ['Vital Signs', 1, 'N'],
      ...SAFETY_LABS,
      ...EVERY_VISIT,
    ];
  if (category === 'Follow Up' || category === 'Close Out')
    return [
      ['Survival Follow-up Call', 1, 'N'],
      ['Subsequent Anticancer Therapy Review', 1, 'N'],
      ...(name.includes('30 days') ? ([...SAFETY_LABS, ['Adverse Event Review', 1, 'N']] as Cell[]) : []),
      ...(name.includes('Month 3') || name.includes('Month 6') ? ([['EQ-5D-5L', 1, 'N']] as Cell[]) : []),
      ...(category === 'Close Out' ? ([['Drug Accountability', 1, 'N']] as Cell[]) : []),
    ];
  if (name === 'End of Treatment')
    return [
      ['Physical Examination', 1, 'N'],
      ['Vital Signs', 1, 'N'],
      ['Weight', 1, null],
      ['12-Lead ECG', 1, 'N'],
      ['CT Scan - Chest/Abdomen/Pelvis', 1, 'N'],
      ['Tumor Assessment - RECIST 1.1', 1, 'N'],
      ['Central Imaging Read', 1, null],
      ['Anti-Drug Antibody Sample', 1, 'N'],
      ['EORTC QLQ-C30', 1, 'N'],
      ['EQ-5D-5L', 1, 'N'],
      ...SAFETY_LABS,
      ...EVERY_VISIT,
      ['Drug Accountability', 1, 'N'],
    ];
  // Treatment: day 1 of a cycle doses; days 8 and 15 are safety visits.
  const dosing = name.endsWith('D1');
  const cycle = Number(/^C(\d+)/.exec(name)?.[1] ?? 0);
  const cells: Cell[] = [['Vital Signs', dosing ? 2 : 1, 'N'], ...SAFETY_LABS, ...EVERY_VISIT];
  if (!dosing) return [...cells, ['PK Sample - Trough', 1, 'N']];
  cells.push(
    ['Abbreviated Physical Examination', 1, 'N'],
    ['Weight', 1, null],
    ['ECOG Performance Status', 1, 'N'],
    ['Urine Pregnancy Test', 1, null],
    ['Study Drug Administration - IV Infusion', 1, 'N'],
    ['Infusion Monitoring', 1.5, 'N'],
    ['Pharmacy Preparation', 1, null],
    ['Drug Accountability', 1, 'N'],
  );
  if (cycle === 1)
    cells.push(
      ['Randomization', 1, 'U'],
      ['Biomarker Blood Sample', 1, 'N'],
      ['Circulating Tumor DNA Sample', 1, 'N'],
    );
  if (cycle <= 4)
    cells.push(['PK Sample - Pre-dose', 1, 'N'], ['PK Sample - Post-dose', cycle === 1 ? 3 : 1, 'N']);
  if (cycle === 1 || cycle === 2 || cycle === 4) cells.push(['Anti-Drug Antibody Sample', 1, 'N']);
  if (cycle % 2 === 0) cells.push(['Thyroid Function Tests', 1, 'N'], ['Urinalysis', 1, 'N']);
  if (cycle > 1 && (cycle - 1) % 3 === 0)
    cells.push(
      ['CT Scan - Chest/Abdomen/Pelvis', 1, 'N'],
      ['Tumor Assessment - RECIST 1.1', 1, 'N'],
      ['Central Imaging Read', 1, null],
      ['EORTC QLQ-C30', 1, 'N'],
      ['EQ-5D-5L', 1, 'N'],
    );
  if (cycle % 3 === 1) cells.push(['12-Lead ECG', 1, 'N'], ['Dermatology Assessment', 1, 'N']);
  cells.push(['Subject Travel Reimbursement', 1, null]);
  return cells;
}

/** The small liver-cancer grid: everything at screening, safety at each cycle, imaging at cycle 3 and EOT. */
export function hccCells(name: string, category: string): Cell[] {
  const all = HCC_SOE.gridAssessments.map(([a]) => [a, 1, 'N'] as Cell);
  if (category === 'Screening') return all;
  if (category === 'Follow Up') return [['Adverse Event Review', 1, 'N']];
  return all.filter(
    ([a]) => a !== 'Informed Consent' && (a !== 'CT Scan - Chest/Abdomen/Pelvis' || /3|End/.test(name)),
  );
}

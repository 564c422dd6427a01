import { fireEvent, screen, within } from '@testing-library/react';

/** The step 1 tests' new Rates plan, its save call and their ways of reaching the form. */
export const NEW_A = '/ctpo/study-plans/7/new-plan_1/?s=scenario-a&seq=false';
export const STEP1_PATH = '/ctpo/study/7/EnrollmentPlanStep1';
export const field = (label: string) => screen.getByLabelText(label);
export const button = (name: string) => screen.getByRole('button', { name });
/** The field's box, holding its message. */
export const under = (label: string) => within(field(label).closest<HTMLElement>('.MuiFormControl-root')!);
export const set = (label: string, value: string) => {
  fireEvent.change(field(label), { target: { value } });
  fireEvent.blur(field(label));
};

/** Fills a complete, valid scenario A plan (change events: typing each key is covered by other tests). */
export function fillValidPlan() {
  const values: [string, string][] = [
    ['Study Plan Name', 'Fast plan'],
    ['Description', 'Faster start-up'],
    ['CRO Project Start Date', '15-Jan-2026'],
    ['Final Protocol Start Date', '01-Mar-2026'],
    ['Sites to Activate', '20'],
    ['Subjects to Screen', '300'],
    ['Enrollment Rate', '.5'],
    ['Screening Duration', '28'],
    ['Treatment Duration', '180'],
    ['Screen Fail Rate', '0.2'],
    ['Drop-out Rate', '0.1'],
  ];
  for (const [label, value] of values) fireEvent.change(field(label), { target: { value } });
}

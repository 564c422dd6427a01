import { fireEvent, screen, within } from '@testing-library/react';
import type { StudyPlan } from '@predict/shared';
import { installFetchMock, type FetchMock } from '@/test/fetch-mock';
import { planRow } from '@/features/plan-shell/test/plan-shell-test-utils';
import { milestoneDatesReply, referenceSiteGroup, step2Plan } from './plan-countries-fixtures';

export const STEP2 = '/ctpo/study-plans/7/42/countries-and-site-groups';
export const STEP2_SAVE = '/ctpo/study/7/EnrollmentPlanStep2';

export const field = (label: string) => screen.getByLabelText(label);
export const button = (name: string) => screen.getByRole('button', { name });
/** The field's box, holding its message. */
export const under = (label: string) => within(field(label).closest<HTMLElement>('.MuiFormControl-root')!);
export const set = (label: string, value: string) => {
  fireEvent.change(field(label), { target: { value } });
  fireEvent.blur(field(label));
};

/**
 * The API of step 2 with `plan` saved: the plan, its study's plans, the milestone dates and the site groups'
 * reference data (Germany's profile for every group).
 */
export function installStep2Api(plan: StudyPlan = step2Plan()): FetchMock {
  return installFetchMock()
    .on('GET', '/ctpo/plans/study/7', [planRow(42, 'Base plan')])
    .on('GET', '/ctpo/plan/42', plan)
    .on('POST', '/ctpo/milestonedates', milestoneDatesReply(plan))
    .on('GET', /^\/ctpo\/admin\/sitegroup\/\d+$/, (r) =>
      referenceSiteGroup(Number(r.url.pathname.split('/').pop())),
    );
}

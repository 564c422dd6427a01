import type { CurrentUser, StudyPlanListRow } from '@predict/shared';
import { screen, within } from '@testing-library/react';
import type { FetchMock } from '@/test/fetch-mock';
import { testUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render';
import { StudyPlansTable } from '../components/study-plans-table';

export const STUDY = { studyId: 7, projectId: 'P-007', studyName: 'Examplumab study', sponsorName: 'Acme' };

/** Serves `plans` as the study's plan list (a function: the list at the time of each request). */
export function servePlans(server: FetchMock, plans: StudyPlanListRow[] | (() => StudyPlanListRow[])) {
  server.on('GET', '/ctpo/plans/study/7', () => (typeof plans === 'function' ? plans() : plans));
}

export function renderPlans(user: CurrentUser = testUser) {
  return renderScreen(<StudyPlansTable study={STUDY} />, {
    route: '/ctpo/study-plans/7',
    path: '/ctpo/study-plans/:studyId',
    user,
  });
}

/** The names of the items of the open menu. */
export const menuItems = () =>
  within(screen.getByRole('menu'))
    .getAllByRole('menuitem')
    .map((item) => item.textContent);

/** The text of each data cell of the body rows, without the actions cell. */
export const bodyNames = () =>
  within(screen.getByRole('table'))
    .getAllByRole('button', { name: /^Actions for / })
    .map((b) => b.getAttribute('aria-label')!.replace('Actions for ', ''));

import type { Favorite } from '@predict/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useCurrentStudy } from '@/features/current-study';
import { errorReply, installFetchMock, json, noContent, type FetchMock } from '@/test/fetch-mock';
import { readOnlyUser, studyDetails, testUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render';
import { StudyPage } from './study-page';

const FAVORITES_PATH = `/ctpo/favorites/user/${testUser.email}`;

function CurrentStudyProbe() {
  const { studyId } = useCurrentStudy();
  return <div data-testid="current-study">{String(studyId)}</div>;
}

function renderStudy(id = '7', user = testUser) {
  return renderScreen(
    <>
      <StudyPage studyIdParam={id} section="study-plans" />
      <CurrentStudyProbe />
    </>,
    { route: `/ctpo/study-plans/${id}`, path: '/ctpo/study-plans/:studyId', user },
  );
}

describe('StudyPage', () => {
  let server: FetchMock;
  let favorites: Favorite[];

  beforeEach(() => {
    favorites = [];
    server = installFetchMock()
      .on('GET', '/ctpo/study/7', studyDetails())
      .on('GET', /^\/ctpo\/favorites\/user\//, () => favorites)
      .on('GET', '/ctpo/quickLinks', [])
      .on('GET', '/ctpo/plans/study/7', [])
      .on('GET', '/ctpo/soe/study/7', [])
      .on('POST', '/ctpo/favorite', (r) => {
        const body = r.body as Favorite;
        favorites = [...favorites, body];
        return json(body, 201);
      })
      .on('DELETE', '/ctpo/favorite', (r) => {
        favorites = favorites.filter((f) => String(f.studyId) !== r.url.searchParams.get('studyId'));
        return noContent();
      });
  });

  it('shows sponsor - project id, the study name, the details panel and the landing panel', async () => {
    renderStudy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Pharma - P-007' })).toBeInTheDocument();
    expect(screen.getByText('A Phase III Study of Examplumab')).toBeInTheDocument();
    const panel = screen.getByRole('complementary', { name: 'Study Details' });
    expect(within(panel).getByText('Protocol Number').nextSibling).toHaveTextContent('EX-301');
    expect(screen.getByRole('heading', { name: 'Select a Study or Opportunity' })).toBeInTheDocument();
    expect(screen.getByText('Demo')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Study Plans' })).toBeInTheDocument();
    expect(await screen.findByText('No study plans yet.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Schedules of Events' })).toBeInTheDocument();
    expect(await screen.findByText('No Schedules of Events yet.')).toBeInTheDocument();
  });

  it('does not label a real study as demo data', async () => {
    server.on('GET', '/ctpo/study/7', studyDetails({ isDemo: false }));
    renderStudy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Pharma - P-007' })).toBeInTheDocument();
    expect(screen.queryByText('Demo')).not.toBeInTheDocument();
  });

  it('opens the STUDY DETAILS dialog with the spec fields and closes it', async () => {
    const { user } = renderStudy();
    await user.click(await screen.findByRole('button', { name: 'STUDY DETAILS' }));
    const dialog = await screen.findByRole('dialog', { name: 'STUDY DETAILS' });
    const labels = within(dialog)
      .getAllByRole('term')
      .map((t) => t.textContent);
    expect(labels).toEqual([
      'Linked Enrollment Plan (Study Plan)',
      'Proposal Due Date',
      'Product Name',
      'Sponsor',
      'PCN',
      'SOE Name',
      'Therapeutic Area',
      'Indication',
      'Proposal Version',
      'Proposal Budgeter',
      'SOE Description',
      'Protocol Number',
      'Therapeutic Franchise',
      'Strategy Lead',
      'Study Phase',
    ]);
    const value = (label: string) => within(dialog).getByText(label).parentElement!.querySelectorAll('dd');
    expect([...value('Linked Enrollment Plan (Study Plan)')].map((d) => d.textContent)).toEqual([
      'Base plan',
      'Fast plan',
    ]);
    expect(value('Proposal Due Date')[0]).toHaveTextContent('01/Apr/2026');
    expect(value('Product Name')[0]).toHaveTextContent('Examplumab');
    expect(value('PCN')[0]).toHaveTextContent('P-007');
    expect(value('Strategy Lead')[0]).toHaveTextContent('Stan Strategy');
    expect(value('Study Phase')[0]).toHaveTextContent('III');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows '-' for missing details and when no plan is linked", async () => {
    server.on('GET', '/ctpo/study/7', studyDetails({ studyPlans: [], soeName: null, proposalDueDate: null }));
    const { user } = renderStudy();
    await user.click(await screen.findByRole('button', { name: 'STUDY DETAILS' }));
    const dialog = await screen.findByRole('dialog', { name: 'STUDY DETAILS' });
    for (const label of ['Linked Enrollment Plan (Study Plan)', 'SOE Name', 'Proposal Due Date']) {
      expect(within(dialog).getByText(label).nextSibling).toHaveTextContent(/^-$/);
    }
  });

  it.each([
    ['a planner', testUser],
    ['a read-only user', readOnlyUser],
  ])('lets %s add and remove the study as a favorite', async (_, user) => {
    const { user: u } = renderStudy('7', user);
    const header = await screen.findByRole('region', { name: 'Acme Pharma - P-007' });
    const add = within(header).getByRole('button', { name: 'Add to favorites' });
    await waitFor(() => expect(add).toBeEnabled());
    await u.click(add);

    const remove = await within(header).findByRole('button', { name: 'Remove from favorites' });
    expect(server.to('/ctpo/favorite', 'POST')[0]?.body).toEqual({
      studyId: 7,
      userId: user.email,
      isFavorite: true,
      studyName: 'A Phase III Study of Examplumab',
      projectId: 'P-007',
    });
    // The favorites list was fetched again (invalidated), and now lists the study.
    expect(server.to(FAVORITES_PATH.replace(testUser.email, user.email)).length).toBeGreaterThanOrEqual(2);
    expect(
      await screen.findByRole('link', { name: 'P-007 - A Phase III Study of Examplumab' }),
    ).toBeInTheDocument();

    await u.click(remove);
    expect(await within(header).findByRole('button', { name: 'Add to favorites' })).toBeInTheDocument();
    expect(await screen.findByText('No favorites yet.')).toBeInTheDocument();
    const deleted = server.to('/ctpo/favorite', 'DELETE')[0];
    expect(deleted?.url.searchParams.get('studyId')).toBe('7');
    expect(deleted?.url.searchParams.get('userId')).toBe(user.email);
  });

  it('says Study not found for a missing study and forgets it as the current study', async () => {
    window.localStorage.setItem('predict.currentStudyId', '404');
    server.on('GET', '/ctpo/study/404', errorReply(404, 'No study 404.'));
    renderStudy('404');
    expect(await screen.findByRole('heading', { name: 'Study not found.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the study list' })).toHaveAttribute(
      'href',
      '/ctpo/study-plans/',
    );
    await waitFor(() => expect(screen.getByTestId('current-study')).toHaveTextContent('null'));
    expect(window.localStorage.getItem('predict.currentStudyId')).toBeNull();
  });

  it('says Study not found for an id that cannot be a study, without asking the server', async () => {
    renderStudy('abc');
    expect(await screen.findByRole('heading', { name: 'Study not found.' })).toBeInTheDocument();
    expect(server.to('/ctpo/study/')).toHaveLength(0);
  });
});

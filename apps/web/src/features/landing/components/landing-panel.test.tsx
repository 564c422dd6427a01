import { DEFAULT_QUICK_LINKS, type Favorite, type StudySearchResult } from '@predict/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorReply, installFetchMock, noContent, type FetchMock } from '@/test/fetch-mock';
import { testUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render';
import { LandingPanel } from './landing-panel';

const result = (n: number): StudySearchResult => ({
  studyId: n,
  projectId: `P-${n}`,
  studyName: `Oncology study ${n}`,
  sponsorName: 'Acme',
});

const favorite = (n: number): Favorite => ({
  studyId: n,
  projectId: `P-${n}`,
  studyName: `Favorite ${n}`,
  userId: testUser.email,
  isFavorite: true,
});

const FAVORITES_PATH = `/ctpo/favorites/user/${testUser.email}`;

function renderPanel(route = '/ctpo/study-plans/', path = route) {
  return renderScreen(<LandingPanel />, { route, path });
}

const searchBox = () => screen.getByRole('combobox', { name: 'Search study or opportunity' });
const region = (name: string) => screen.getByRole('region', { name });

describe('LandingPanel', () => {
  let server: FetchMock;

  beforeEach(() => {
    server = installFetchMock()
      .on(
        'GET',
        /^\/ctpo\/studies\/project\//,
        Array.from({ length: 7 }, (_, i) => result(i + 1)),
      )
      .on('GET', FAVORITES_PATH, [])
      .on('GET', '/ctpo/quickLinks', []);
  });

  it('shows the heading, the search tooltip and the placeholder', async () => {
    const { user } = renderPanel();
    expect(screen.getByRole('heading', { name: 'Select a Study or Opportunity' })).toBeInTheDocument();
    expect(searchBox()).toHaveAttribute('placeholder', 'Search...');
    const info = screen.getByRole('button', { name: 'You can search by PCN, Sponsor Name, or Indication' });
    await user.hover(info);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'You can search by PCN, Sponsor Name, or Indication',
    );
  });

  it('does not search until the list is opened', async () => {
    renderPanel();
    await screen.findByText('No favorites yet.');
    expect(server.to('/ctpo/studies/project/')).toHaveLength(0);
  });

  it('searches the sanitized text after 300 ms and shows at most 5 suggestions', async () => {
    const { user } = renderPanel();
    await user.click(searchBox());
    // Keystrokes in one synchronous burst: typed one by one, a busy machine took more than the 300 ms between two
    // of them and the test saw the debounce fire in between (a timing of the machine, not of the code).
    for (const text of ['o', 'on', 'on/', 'on/c', 'on/c#'])
      fireEvent.change(searchBox(), { target: { value: text } });
    await waitFor(() => expect(server.requests.map((r) => r.path)).toContain('/ctpo/studies/project/onc*'));
    // Only the empty search (on opening) and the final text: the keystrokes in between were debounced.
    expect(server.to('/ctpo/studies/project/').map((r) => r.path)).toEqual([
      '/ctpo/studies/project/*',
      '/ctpo/studies/project/onc*',
    ]);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'P-1 - Oncology study 1',
      'P-2 - Oncology study 2',
      'P-3 - Oncology study 3',
      'P-4 - Oncology study 4',
      'P-5 - Oncology study 5',
    ]);
  });

  it('encodes the search text in the path', async () => {
    const { user } = renderPanel();
    await user.type(searchBox(), 'a b?');
    await waitFor(() =>
      expect(server.requests.map((r) => r.path)).toContain('/ctpo/studies/project/a%20b%3F*'),
    );
  });

  it('opens a picked study in the section of the current page', async () => {
    const { user, router } = renderPanel('/ctpo/study-actuals/3', '/ctpo/study-actuals/:studyId');
    await user.type(searchBox(), 'onc');
    await user.click(await screen.findByRole('option', { name: 'P-2 - Oncology study 2' }));
    expect(router.state.location.pathname).toBe('/ctpo/study-actuals/2');
  });

  it('opens a picked study in study-plans from pages outside the study sections', async () => {
    const { user, router } = renderPanel('/ctpo/user-profile/');
    await user.type(searchBox(), 'onc');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(router.state.location.pathname).toBe('/ctpo/study-plans/1');
  });

  it('tells the user to pick from the results when Enter is pressed on unmatched text', async () => {
    const { user, router } = renderPanel();
    await user.type(searchBox(), 'no such study{Enter}');
    expect(await screen.findByText('Select Project from search results')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/ctpo/study-plans/');
  });

  it('opens the study whose project id was typed exactly and confirmed with Enter', async () => {
    const { user, router } = renderPanel();
    await user.type(searchBox(), 'P-3');
    await screen.findAllByRole('option');
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/ctpo/study-plans/3');
    expect(screen.queryByText('Select Project from search results')).not.toBeInTheDocument();
  });

  it('says so when there are no favorites', async () => {
    renderPanel();
    expect(await within(region('My Favorites')).findByText('No favorites yet.')).toBeInTheDocument();
  });

  it('lists favorites as links into the current section and removes one', async () => {
    let favorites = [favorite(4), favorite(9)];
    server.on('GET', FAVORITES_PATH, () => favorites);
    server.on('DELETE', '/ctpo/favorite', () => {
      favorites = favorites.filter((f) => f.studyId !== 4);
      return noContent();
    });
    const { user } = renderPanel('/ctpo/study-actuals/');
    const list = region('My Favorites');
    const link = await within(list).findByRole('link', { name: 'P-4 - Favorite 4' });
    expect(link).toHaveAttribute('href', '/ctpo/study-actuals/4');

    const removeButtons = within(list).getAllByRole('button', { name: 'Remove from favorites' });
    expect(removeButtons).toHaveLength(2);
    await user.click(removeButtons[0]!);

    await waitFor(() => expect(within(list).queryByText('P-4 - Favorite 4')).not.toBeInTheDocument());
    expect(within(list).getByRole('link', { name: 'P-9 - Favorite 9' })).toBeInTheDocument();
    const deleted = server.to('/ctpo/favorite', 'DELETE');
    expect(deleted).toHaveLength(1);
    expect(deleted[0]?.url.searchParams.get('studyId')).toBe('4');
    expect(deleted[0]?.url.searchParams.get('userId')).toBe(testUser.email);
  });

  it('only logs a failed favorites fetch', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.on('GET', FAVORITES_PATH, errorReply(500));
    renderPanel();
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Loading favorites failed.', expect.anything()));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  describe('quick links', () => {
    const linkNames = () =>
      within(region('Quick Links'))
        .getAllByRole('link')
        .map((a) => a.textContent);

    it("uses the server's links when it returns some, opening in a new tab", async () => {
      server.on('GET', '/ctpo/quickLinks', [
        { linkLabel: 'Intranet', linkUrl: 'https://intra.example.com/' },
      ]);
      renderPanel();
      const link = await within(region('Quick Links')).findByRole('link', { name: 'Intranet' });
      expect(link).toHaveAttribute('href', 'https://intra.example.com/');
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      expect(linkNames()).toEqual(['Intranet']);
    });

    it('keeps the defaults when the server has none', async () => {
      renderPanel();
      await waitFor(() => expect(server.to('/ctpo/quickLinks')).toHaveLength(1));
      await screen.findByText('No favorites yet.');
      expect(linkNames()).toEqual(DEFAULT_QUICK_LINKS.map((l) => l.linkLabel));
    });

    it('keeps the defaults, and only logs, when the fetch fails', async () => {
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      server.on('GET', '/ctpo/quickLinks', errorReply(503));
      renderPanel();
      await waitFor(() =>
        expect(logged).toHaveBeenCalledWith('Loading quick links failed.', expect.anything()),
      );
      expect(linkNames()).toEqual(DEFAULT_QUICK_LINKS.map((l) => l.linkLabel));
      const first = within(region('Quick Links')).getByRole('link', {
        name: DEFAULT_QUICK_LINKS[0]!.linkLabel,
      });
      expect(first).toHaveAttribute('href', DEFAULT_QUICK_LINKS[0]!.linkUrl);
    });
  });
});

import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render';
import { UserProfile } from './user-profile';

describe('UserProfile', () => {
  it('shows the identity rows', () => {
    renderScreen(<UserProfile />, { route: '/ctpo/user-profile/' });
    expect(screen.getByRole('heading', { name: 'User Profile' })).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'User details' }))
      .getAllByRole('row')
      .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Name', 'Pat Planner'],
      ['First Name', 'Pat'],
      ['Last Name', 'Planner'],
      ['Email', 'pat.planner@example.com'],
      ['Username', 'pat.planner'],
      ['User ID', 'u-1'],
      ['Locale', 'en-GB'],
    ]);
  });

  it('lists only the groups containing premierpredict, sorted', () => {
    const user = {
      ...testUser,
      groups: [
        'Domain Users',
        'app_PremierPredict_Users',
        'APP_PREMIERPREDICT_ADMINUSER',
        'app_premierpredictdev_ReadOnly',
        'Predict fans',
      ],
    };
    renderScreen(<UserProfile />, { route: '/ctpo/user-profile/', user });
    const groups = within(screen.getByRole('list', { name: 'Groups' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(groups).toEqual([
      'APP_PREMIERPREDICT_ADMINUSER',
      'app_PremierPredict_Users',
      'app_premierpredictdev_ReadOnly',
    ]);
  });

  it('says so when the user is in no Predict group', () => {
    renderScreen(<UserProfile />, {
      route: '/ctpo/user-profile/',
      user: { ...testUser, groups: ['Domain Users'] },
    });
    expect(screen.getByText('No Predict groups.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Groups' })).not.toBeInTheDocument();
  });
});

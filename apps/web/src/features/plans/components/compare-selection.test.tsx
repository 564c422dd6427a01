import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFetchMock, type FetchMock } from '@/test/fetch-mock';
import { readOnlyUser } from '@/test/fixtures';
import { planRow } from '../test/plan-fixtures';
import { renderPlans, servePlans } from '../test/render-plans';

const finished = { simOptRunStatus: 'COMPLETED_OK' };

describe("the study page's Compare", () => {
  let server: FetchMock;

  beforeEach(() => {
    server = installFetchMock();
    servePlans(server, [
      planRow(1, finished),
      planRow(2, finished),
      planRow(3, { simOptRunStatus: 'RUNNING' }),
      planRow(4, finished),
      planRow(5, finished),
    ]);
  });

  it('ticks plans with finished runs only, is enabled from 2, and opens the comparison in tick order', async () => {
    // Read-only users may compare.
    const { user, router } = renderPlans(readOnlyUser);
    const box = async (n: number) => screen.findByRole('checkbox', { name: `Compare Plan ${n}` });
    const compare = screen.getByRole('button', { name: 'Compare' });
    expect(await box(3)).toBeDisabled();
    expect(compare).toBeDisabled();

    await user.click(await box(2));
    expect(compare).toBeDisabled();
    await user.click(await box(1));
    expect(compare).toBeEnabled();
    for (const n of [4, 5]) await user.click(await box(n));
    expect(compare).toBeEnabled();
    await user.click(await box(5));

    await user.click(compare);
    expect(router.state.location.pathname).toBe('/ctpo/study-plans/7/compare');
    expect(router.state.location.search).toBe('?plans=102,101,104');
  });
});

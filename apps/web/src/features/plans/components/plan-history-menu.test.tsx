import type { CurrentUser } from '@predict/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFetchMock } from '@/test/fetch-mock';
import { testUser } from '@/test/fixtures';
import { planRow } from '../test/plan-fixtures';
import { menuItems, renderPlans, servePlans } from '../test/render-plans';

const admin: CurrentUser = { ...testUser, roles: { readOnly: false, admin: true } };

describe('History in the plan row menu', () => {
  it('takes an administrator to the audit trail of the plan', async () => {
    servePlans(installFetchMock(), [planRow(1)]);
    const { user, router } = renderPlans(admin);
    await user.click(await screen.findByRole('button', { name: 'Actions for Plan 1' }, { timeout: 5_000 }));
    await user.click(screen.getByRole('menuitem', { name: 'History' }));
    expect(router.state.location.pathname).toBe('/ctpo/audit-trail');
    expect(router.state.location.search).toBe('?studyId=7&entity=study_plan&entityId=101');
  });

  it('is not offered to a planner', async () => {
    servePlans(installFetchMock(), [planRow(1)]);
    const { user } = renderPlans();
    await user.click(await screen.findByRole('button', { name: 'Actions for Plan 1' }, { timeout: 5_000 }));
    expect(menuItems()).not.toContain('History');
  });
});

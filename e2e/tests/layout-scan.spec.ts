import { expect, test, type Browser, type Page } from '@playwright/test';
import { SCAN_PAGE } from './layout-scan';
import { signIn, type PASSWORDS } from './sign-in';

/**
 * The layout scan: every screen of the three specs with demo data, at 1280 and 1440 px, signed in as the user who
 * sees it, fails on what a reader would see broken (layout-scan.ts). Its screenshots are kept in the test's output
 * folder (e2e/test-results/layout-scan-*), full page, one per screen and width.
 */
const WIDTHS = [1280, 1440] as const;

type User = keyof typeof PASSWORDS;
interface Screen {
  name: string;
  user: User;
  path: string;
  /** What shows once the screen has loaded. */
  ready: (page: Page) => ReturnType<Page['getByRole']>;
  /** Clicks that bring the screen to the state scanned (a tab, an open section). */
  then?: (page: Page) => Promise<void>;
}

async function json<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.ok(), path).toBe(true);
  return (await response.json()) as T;
}

/** Waits for the screen's loading indicators to go, then for the layout to settle. */
async function settle(page: Page) {
  await page
    .locator('[role="progressbar"]:visible, .MuiSkeleton-root:visible')
    .first()
    .waitFor({ state: 'detached', timeout: 30_000 })
    .catch(() => undefined);
  await page.waitForTimeout(300);
}

async function signedIn(browser: Browser, user: User) {
  const context = await browser.newContext({ viewport: { width: WIDTHS[0], height: 900 } });
  const page = await context.newPage();
  await page.goto('/');
  await signIn(page, user);
  await expect(page.getByRole('link', { name: 'Home' })).toBeVisible();
  return page;
}

const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { name }).first();
const table = (name: string) => (page: Page) => page.getByRole('table', { name, exact: true }).first();
const openSection = (title: string) => async (page: Page) => {
  await page.getByRole('button', { name: title, exact: true }).first().click();
};
const clickTab = (name: string) => async (page: Page) => {
  await page.getByRole('tab', { name, exact: true }).click();
  await settle(page);
};
const switchView = (name: string) => async (page: Page) => {
  await page.getByRole('button', { name, exact: true }).click();
};

/** The demo studies' screens, found through the API the screens call. */
async function demoScreens(page: Page): Promise<Screen[]> {
  const study = async (projectId: string) =>
    (await json<{ studyId: number }[]>(page, `/ctpo/studies/project/${projectId}`))[0]!.studyId;
  const [melanoma, cohorts, dermatitis] = await Promise.all(
    ['2025-ONC-0303', '2025-ONC-0290', '2025-DER-0031'].map(study),
  );
  type Plan = { studyPlanId: number; studyPlanName: string; simOptRunStatus: string | null };
  const plans = async (studyId: number) => json<Plan[]>(page, `/ctpo/plans/study/${studyId}`);
  const soes = async (studyId: number) =>
    json<{ scheduleOfEventsId: number }[]>(page, `/ctpo/soe/study/${studyId}`);
  const [melanomaPlans, cohortPlans, melanomaSoes, siteGroups] = await Promise.all([
    plans(melanoma!),
    plans(cohorts!),
    soes(melanoma!),
    json<{ siteGroupId: number; siteGroupName: string }[]>(page, '/ctpo/admin/sitegroups'),
  ]);
  const soe = `/ctpo/study-plans/${melanoma}/soe/${melanomaSoes[0]!.scheduleOfEventsId}`;
  const ran = (p: Plan) => p.simOptRunStatus === 'COMPLETED_OK';

  const screens: Screen[] = [
    { name: 'study list', user: 'planner', path: '/ctpo/study-plans', ready: table('Studies') },
    {
      name: 'study list, viewer',
      user: 'viewer',
      path: '/ctpo/study-plans',
      ready: table('Studies'),
    },
    {
      name: 'study page',
      user: 'planner',
      path: `/ctpo/study-plans/${melanoma}`,
      ready: (p) => p.getByRole('region', { name: 'Study Plans' }),
    },
    {
      name: 'study page, viewer',
      user: 'viewer',
      path: `/ctpo/study-plans/${melanoma}`,
      ready: (p) => p.getByRole('region', { name: 'Study Plans' }),
    },
  ];
  for (const [studyId, project, list] of [
    [melanoma!, '2025-ONC-0303', melanomaPlans],
    [cohorts!, '2025-ONC-0290', cohortPlans],
  ] as const)
    for (const plan of list) {
      const base = `/ctpo/study-plans/${studyId}/${plan.studyPlanId}`;
      const name = `${project} ${plan.studyPlanName}`;
      screens.push(
        { name: `${name}: step 1`, user: 'planner', path: base, ready: heading('Overall Inputs') },
        {
          name: `${name}: step 2`,
          user: 'planner',
          path: `${base}/countries-and-site-groups`,
          ready: heading('Countries & Site Groups'),
        },
        {
          name: `${name}: review`,
          user: 'planner',
          path: `${base}/review`,
          ready: heading('Countries & Site Groups'),
        },
      );
      // A plan never run shows its simulation page too: what it says in place of results.
      screens.push({
        name: `${name}: simulation tables`,
        user: 'planner',
        path: `${base}/simulation`,
        ready: ran(plan) ? table('Enrollment Milestones') : heading(/^Simulation/),
      });
      if (!ran(plan)) continue;
      screens.push(
        {
          name: `${name}: simulation charts`,
          user: 'planner',
          path: `${base}/simulation`,
          ready: table('Enrollment Milestones'),
          then: clickTab('Charts'),
        },
        {
          name: `${name}: forecast history`,
          user: 'planner',
          path: `${base}/forecast-history`,
          ready: heading(/Forecast History/),
        },
      );
    }
  // Scenario comparison of the study's plans with finished runs (at most 4; the seed gives it three).
  const comparable = melanomaPlans.filter(ran).slice(0, 4);
  if (comparable.length >= 2)
    screens.push({
      name: 'compare scenarios',
      user: 'viewer',
      path: `/ctpo/study-plans/${melanoma}/compare?plans=${comparable.map((p) => p.studyPlanId).join(',')}`,
      ready: table('Milestones'),
    });
  const editor = (name: string, extra: Partial<Screen>): Screen => ({
    name: `SOE editor: ${name}`,
    user: 'planner',
    path: soe,
    ready: table('Visits'),
    ...extra,
  });
  screens.push(
    editor('visits', {}),
    editor('cost view', { then: switchView('Cost') }),
    editor('clinical strategy view', { then: switchView('Clinical Strategy') }),
    editor('data management view', { then: switchView('Data Management') }),
    editor('assessments', { then: openSection('Assessments') }),
    editor('schedule of events grid', { then: openSection('Schedule of Events') }),
    editor('country tab', { path: `${soe}?sg=1`, ready: table('Visits') }),
    editor('viewer', { user: 'viewer' }),
    {
      name: 'SOE forecast',
      user: 'planner',
      path: `${soe}/forecast`,
      ready: table('Cost Summary'),
    },
    {
      name: 'SOE forecast, IP supply',
      user: 'planner',
      path: `${soe}/forecast?tab=supply`,
      ready: table('Shipment Plan'),
    },
    {
      name: 'study actuals',
      user: 'planner',
      path: `/ctpo/study-actuals/${melanoma}`,
      ready: table('Study Actuals'),
    },
    {
      // The site list dialog on the shared table: its Total row, filter row and seven columns.
      name: 'study actuals, site list',
      user: 'planner',
      path: `/ctpo/study-actuals/${melanoma}`,
      ready: table('Study Actuals'),
      then: async (page) => {
        await page.getByRole('button', { name: 'VIEW SITE LIST' }).click();
        const dialog = page.getByRole('dialog', { name: 'View Site List' });
        await dialog.getByRole('button', { name: 'Filters' }).click();
        await dialog.getByRole('table', { name: 'Sites Included' }).locator('tbody tr').nth(1).waitFor();
      },
    },
    {
      name: 'study actuals, no study',
      user: 'planner',
      path: '/ctpo/study-actuals',
      ready: heading('Select a Study or Opportunity'),
    },
    {
      name: 'remodel',
      user: 'planner',
      path: `/ctpo/study-actuals/${melanoma}/remodel`,
      ready: heading(/Remodel/),
    },
    {
      name: 'study actuals, second study',
      user: 'planner',
      path: `/ctpo/study-actuals/${dermatitis}`,
      ready: table('Study Actuals'),
    },
    { name: 'admin data', user: 'admin', path: '/ctpo/admin-data', ready: heading(/Admin/) },
    {
      name: `admin data: ${siteGroups[0]!.siteGroupName}`,
      user: 'admin',
      path: `/ctpo/admin-data/${siteGroups[0]!.siteGroupId}`,
      ready: heading(/Admin/),
    },
    {
      name: 'forecast calibration',
      user: 'admin',
      path: '/ctpo/admin-data/forecast-calibration',
      ready: heading(/Forecast Calibration/),
    },
    { name: 'audit trail', user: 'admin', path: '/ctpo/audit-trail', ready: heading(/Audit Trail/) },
    { name: 'user profile', user: 'planner', path: '/ctpo/user-profile', ready: heading(/Profile/) },
  );
  return screens;
}

const fileName = (name: string, width: number) =>
  `${width}-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.png`;

test('layout scan: every screen at 1280 and 1440 px reads whole, without sideways scrolling', async ({
  browser,
}) => {
  test.setTimeout(600_000);
  const pages = {
    planner: await signedIn(browser, 'planner'),
    viewer: await signedIn(browser, 'viewer'),
    admin: await signedIn(browser, 'admin'),
  };
  const screens = await demoScreens(pages.planner);
  const found: string[] = [];
  for (const screen of screens) {
    const page = pages[screen.user];
    await page.setViewportSize({ width: WIDTHS[0], height: 900 });
    await page.goto(screen.path);
    // A screen that does not load is one more finding, and the scan goes on to the others.
    const loaded = await screen
      .ready(page)
      .waitFor({ timeout: 60_000 })
      .then(() => true)
      .catch(() => false);
    if (!loaded) {
      found.push(`${screen.name}: did not load (${screen.path})`);
      continue;
    }
    await settle(page);
    if (screen.then) {
      await screen.then(page);
      await settle(page);
    }
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(200);
      const problems = (await page.evaluate(SCAN_PAGE)) as string[];
      found.push(...problems.map((p) => `${screen.name} at ${width} px: ${p}`));
      // From the top: a full-page picture of a scrolled page draws the sticky bar where the window was.
      await page.evaluate('window.scrollTo(0, 0)');
      await page.screenshot({ path: test.info().outputPath(fileName(screen.name, width)), fullPage: true });
    }
  }
  expect(found, found.join('\n')).toEqual([]);
});

test('the layout scan sees each kind of break it looks for, and nothing on a sound page', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.setContent(`
    <main>
      <table aria-label="Sound"><thead><tr><th>Name</th><th>Enrollment Duration</th><th>Actions</th></tr></thead>
        <tbody><tr><td>Cohort 1</td><td>204</td><td><button>Menu</button></td></tr></tbody></table>
      <p style="width: 180px">FPI to LPI, a header that wraps between its words</p>
    </main>`);
  expect(await page.evaluate(SCAN_PAGE)).toEqual([]);

  await page.setContent(`
    <main>
      <p style="width: 14px; overflow-wrap: anywhere">20months</p>
      <table aria-label="Narrow"><thead><tr>
        <th style="max-width: 40px; white-space: nowrap; overflow: hidden">Enrollment Duration</th>
      </tr></thead></table>
      <button style="width: 40px; white-space: nowrap; overflow: hidden">Finish &amp; Run</button>
      <div style="overflow: hidden; width: 300px">
        <table aria-label="Clipped"><thead><tr><th>Name</th><th style="min-width: 600px">Wide</th></tr></thead></table>
      </div>
      <div style="overflow-x: auto; width: 300px">
        <table aria-label="Scrolled"><thead><tr><th>Name</th><th style="min-width: 600px">Wide</th><th>Act</th></tr></thead>
          <tbody><tr><td>a</td><td>b</td><td><button>Row menu</button></td></tr></tbody></table>
      </div>
      <div style="width: 1600px">wider than the window</div>
    </main>`);
  const problems = (await page.evaluate(SCAN_PAGE)) as string[];
  // The kind of break and the element it names (line counts and widths depend on the fonts).
  const expected: [string, string][] = [
    ['the page scrolls sideways', 'px window'],
    ['text wrapped per character', "p '20months'"],
    ['label wider than its box', "th 'Enrollment Duration'"],
    ['label wider than its box', "button 'Finish & Run'"],
    ['table cut by a box that does not scroll', "table 'Clipped'"],
    ['row menu outside the window', "button 'Row menu'"],
  ];
  for (const [kind, element] of expected)
    expect(
      problems.some((p) => p.startsWith(kind) && p.endsWith(element)),
      `${kind}: ${element} in\n${problems.join('\n')}`,
    ).toBe(true);
});

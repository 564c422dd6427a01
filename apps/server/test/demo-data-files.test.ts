import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { countries, siteGroups, studies } from '../src/db/schema';
import { parseDemoData, readDemoDataFiles, type DemoDataFiles } from '../src/seed/load-demo-data';
import { seedDemoData } from '../src/seed/seed-demo-data';

type Row = Record<string, unknown>;

/** The shipped files with one row changed (a deep copy: the files stay as they are). */
function withRow(file: keyof DemoDataFiles, index: number, change: (row: Row) => void): DemoDataFiles {
  const files = structuredClone(readDemoDataFiles());
  change((files[file] as Row[])[index]!);
  return files;
}

const refusal = (files: DemoDataFiles) => {
  try {
    parseDemoData(files);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the demo data was accepted');
};

describe('demo data files', () => {
  it('accepts the shipped files and derives CTIS eligibility from EU membership', () => {
    const data = parseDemoData(readDemoDataFiles());
    expect(data.studies.length).toBeGreaterThanOrEqual(30);
    const germany = data.siteGroups.find((g) => g.siteGroupName === 'Germany');
    const canada = data.siteGroups.find((g) => g.siteGroupName === 'Canada');
    expect([germany?.isCtisEligible, canada?.isCtisEligible]).toEqual([true, false]);
  });

  it('names the file, row, key and field of a bad study', () => {
    const files = withRow('studies', 2, (s) => {
      s.proposalDueDate = '2025-02-30';
      s.opportunityStage = 'Won';
    });
    const id = (files.studies as Row[])[2]!.projectId as string;
    const message = refusal(files);
    expect(message).toContain(`demo-studies.json row 3 (${id}): proposalDueDate: Not a calendar date.`);
    expect(message).toContain(
      `demo-studies.json row 3 (${id}): opportunityStage: Not a known opportunity stage.`,
    );
  });

  it('refuses a study whose SoE columns disagree, a blank or search-stripped text, an unknown field', () => {
    const files = withRow('studies', 0, (s) => {
      s.soeExists = false;
      s.studyName = '  ';
      s.indication = 'Lung & breast';
      s.sponsor = 'typo';
    });
    const message = refusal(files);
    expect(message).toMatch(/row 1 \(.+\): soeName: Set exactly when soeExists is true\./);
    expect(message).toMatch(/row 1 \(.+\): studyName: Can't be blank\./);
    expect(message).toMatch(/row 1 \(.+\): indication: Has a character the search strips/);
    expect(message).toMatch(/row 1 \(.+\): \(row\): .*sponsor/);
  });

  it("applies the admin screen's site-group rules at their fields", () => {
    const files = withRow('siteGroups', 0, (g) => {
      (g.activationProfile as Row[])[1]!.sites = 0;
      (g.seasonalVariation as number[])[4] = 1.5;
      g.packagePrepDays = 2.5;
      g.firstSiteIdDays = 10;
    });
    const message = refusal(files);
    expect(message).toContain('demo-site-groups.json row 1 (USA - Central): activationProfile.1.sites: ');
    expect(message).toContain('demo-site-groups.json row 1 (USA - Central): seasonalVariation.4: ');
    expect(message).toContain(
      'demo-site-groups.json row 1 (USA - Central): packagePrepDays: Has to be an integer.',
    );
    expect(message).toContain(
      'demo-site-groups.json row 1 (USA - Central): firstSiteIdDays: Has to be 0 without rolling submission.',
    );
  });

  it('refuses an unknown country and a repeated key', () => {
    expect(refusal(withRow('siteGroups', 2, (g) => (g.countryIso3 = 'XYZ')))).toMatch(
      /demo-site-groups\.json row 3 \(.+\): countryIso3: No country XYZ in demo-countries\.json\./,
    );
    const files = readDemoDataFiles();
    const twice = { ...files, studies: [...(files.studies as Row[]), (files.studies as Row[])[0]] };
    const id = (files.studies as Row[])[0]!.projectId as string;
    expect(refusal(twice)).toContain(
      `row ${(files.studies as Row[]).length + 1} (${id}): projectId: Appears twice.`,
    );
  });

  it('fails the seed on a bad row before writing anything', async () => {
    const database = await openDatabase({ dataDir: 'memory' });
    try {
      await database.migrate();
      const files = withRow('siteGroups', 5, (g) => (g.timeSIVDays = -1));
      await expect(seedDemoData(database.db, files)).rejects.toThrow(
        /demo-site-groups\.json row 6 \(.+\): timeSIVDays: /,
      );
      for (const table of [studies, countries, siteGroups]) {
        const [row] = await database.db.select({ n: count() }).from(table);
        expect(row?.n).toBe(0);
      }
    } finally {
      await database.close();
    }
  });
});

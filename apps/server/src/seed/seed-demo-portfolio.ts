import { findExistingProjectIds } from '../repositories/completed-studies-repository';
import { importCompletedStudies } from '../services/completed-studies/import-completed-studies';
import type { Db } from '../db/client';
import { demoPortfolio } from './demo-portfolio';
import { DEMO_PLAN_AUTHOR } from './seed-demo-plans';

/**
 * Loads the demo portfolio (demo-portfolio.ts) through the completed-studies import, the one path history takes
 * in: each study with its plan, baseline forecast of record and extract in one transaction, audited as the
 * system's. Studies whose project code exists are left alone (idempotent). Runs after the demo data (it needs the
 * site groups). `log` hears the progress. Answers how many studies it loaded; a refused demo study is a bug in
 * the generator, so it throws with the reasons.
 */
export async function seedDemoPortfolio(
  db: Db,
  log?: (line: string) => void,
  now = Date.now(),
): Promise<number> {
  const all = demoPortfolio(now);
  const present = await findExistingProjectIds(
    db,
    all.map((s) => s.identity.projectId),
  );
  const pending = all.filter((s) => !present.has(s.identity.projectId));
  if (pending.length === 0) return 0;
  log?.(`Loading ${pending.length} completed demo studies (the demo portfolio of Forecast Calibration)...`);
  const answer = await importCompletedStudies(
    db,
    DEMO_PLAN_AUTHOR,
    pending.map((s) => ({
      ...s,
      planPath: (cell: string) => `demo portfolio ${s.identity.projectId} plan ${cell}`,
      extractPath: (e) => `demo portfolio ${s.identity.projectId} extract ${e.path.join('.')}`,
    })),
    {
      source: 'demo',
      isDemo: true,
      onStudy: (done, total) => {
        if (done % 8 === 0 || done === total)
          log?.(`  demo portfolio: ${done} of ${total} completed studies`);
      },
    },
  );
  const refused = answer.results.filter((r) => r.status === 'refused');
  if (refused.length > 0)
    throw new Error(
      `Demo portfolio refused:\n${refused.map((r) => `${r.projectId}: ${r.reasons.map((x) => `${x.path ?? ''} ${x.message}`).join('; ')}`).join('\n')}`,
    );
  return answer.loaded;
}

// Self-test of the boundary rules in eslint.config.js: each snippet below breaks one boundary at a real place in
// the tree and must be reported with the rule's message; the sound snippets must lint clean. Part of `npm run check`.
import { ESLint } from 'eslint';

const cases = [
  {
    file: 'apps/server/src/routes/quick-links/violation.ts',
    code: "import { sql } from 'drizzle-orm';\nexport const x = sql;\n",
    expect: 'SQL lives in repositories/',
  },
  {
    file: 'apps/server/src/routes/quick-links/violation.ts',
    code: "import { listQuickLinks } from '../../repositories/quick-links-repository';\nexport const x = listQuickLinks;\n",
    expect: 'Routes call services',
  },
  {
    file: 'apps/server/src/routes/quick-links/violation.ts',
    code: "import { studies } from '../../db/schema';\nexport const x = studies;\n",
    expect: 'Routes call services',
  },
  {
    file: 'apps/server/src/jobs/violation.ts',
    code: "import pg from 'pg';\nexport const x = pg;\n",
    expect: 'SQL lives in repositories/',
  },
  {
    file: 'apps/server/src/seed/violation.ts',
    code: "import { eq } from 'drizzle-orm';\nexport const x = eq;\n",
    expect: 'SQL lives in repositories/',
  },
  {
    file: 'apps/server/src/services/violation.ts',
    code: "import { quickLinksRoutes } from '../routes/quick-links';\nexport const x = quickLinksRoutes;\n",
    expect: 'Only routes import routes',
  },
  {
    file: 'packages/engine/src/violation.ts',
    code: "import fs from 'node:fs';\nexport const x = fs;\n",
    expect: 'The engine has no I/O',
  },
  {
    file: 'packages/engine/src/violation.ts',
    code: "import { Worker } from 'worker_threads';\nexport const x = Worker;\n",
    expect: 'The engine has no I/O',
  },
  { file: 'e2e/tests/violation.ts', code: 'export const x = process.env.CI;\n', expect: 'through env.ts' },
  { file: 'scripts/violation.mjs', code: 'export const x = process.env.CI;\n', expect: 'through env.ts' },
  {
    file: 'apps/server/src/routes/quick-links/sound.ts',
    code: "import type { Db } from '../../db/client';\nimport { quickLinksOfLanding } from '../../services/landing/list-quick-links';\nexport const x = (db: Db) => quickLinksOfLanding(db);\n",
    expect: null,
  },
  {
    file: 'apps/server/src/repositories/sound.ts',
    code: "import { sql } from 'drizzle-orm';\nexport const x = sql;\n",
    expect: null,
  },
];

const eslint = new ESLint();
let failures = 0;
for (const c of cases) {
  const [result] = await eslint.lintText(c.code, { filePath: c.file });
  const errors = result.messages.filter((m) => m.severity === 2).map((m) => m.message);
  const ok = c.expect === null ? errors.length === 0 : errors.some((m) => m.includes(c.expect));
  if (!ok) {
    failures++;
    console.error(
      `lint boundaries: ${c.file}: expected ${c.expect ?? 'no error'}, got ${JSON.stringify(errors)}`,
    );
  }
}
console.log(`lint boundaries: ${cases.length - failures} of ${cases.length} cases as expected`);
process.exit(failures === 0 ? 0 : 1);

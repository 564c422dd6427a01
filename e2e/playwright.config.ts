import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { e2eEnv } from './env';

const PORT = 8181;
const root = path.resolve(import.meta.dirname, '..');
// A fresh embedded database for every run: the journey starts from a new installation with demo data.
const dataDir = path.join(root, '.data-e2e');

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: e2eEnv.ci ? 1 : 0,
  reporter: [['list']],
  // Approving a calibration version changes every later run's settings (the simulation journey reads the
  // engine's defaults), so the calibration journey runs last, once the others have.
  projects: [
    { name: 'journeys', testIgnore: /forecast-calibration\.spec\.ts$/ },
    { name: 'calibration', testMatch: /forecast-calibration\.spec\.ts$/, dependencies: ['journeys'] },
  ],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      // Playwright's own browser download does not work here: use Debian's Chromium.
      executablePath: e2eEnv.chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // The demo data and the demo portfolio (Forecast Calibration's 36 completed studies) are seeded before the
    // server starts, so that no journey runs beside the portfolio's load.
    command: `rm -rf "${dataDir}" && npm run db:seed -w apps/server && npm run start -w apps/server`,
    cwd: root,
    url: `http://localhost:${PORT}/ctpo/health`,
    timeout: 300_000,
    // Playwright owns the server (an old one on the port fails the run instead of being reused) and stops its
    // whole process group at the end: SIGTERM first, so that the server closes its embedded database, then SIGKILL.
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'pipe',
    env: {
      PORT: String(PORT),
      PUBLIC_URL: `http://localhost:${PORT}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Seeded above; the server's own check would cost one query.
      SEED_DEMO_PORTFOLIO: 'false',
    },
  },
});

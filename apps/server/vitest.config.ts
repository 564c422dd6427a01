import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    // Each file builds its own app and database (on PGlite from a migrated template); allow for a busy machine.
    testTimeout: 90_000, // the demo seed alone takes ~30 s on a loaded 2-core machine
    hookTimeout: 60_000,
    // Files share one module graph per worker: importing the app (fastify, oidc-provider, pg-boss, exceljs) for
    // each of ~70 files took longer than their tests. Each file still builds its own app and database, and
    // in-process caches are kept per database handle so files cannot see each other's rows.
    isolate: false,
  },
});

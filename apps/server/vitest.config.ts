import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    // Each file builds its own app and database (on PGlite from a migrated template); allow for a busy machine.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

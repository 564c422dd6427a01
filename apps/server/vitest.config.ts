import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // Each file builds its own app and database; PGlite start-up dominates, so allow for it.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

/** The root scripts' configuration from the environment; nothing else in scripts/ reads process.env. */
const source = process.env;

export const scriptEnv = Object.freeze({
  /** PostgreSQL for the server tests and the fuzz run (PGlite only when absent). */
  testDatabaseUrl: source.TEST_DATABASE_URL || null,
  /** Runs per fuzz property. */
  fuzzRuns: source.FUZZ_RUNS ?? '2000',
});

/** The environment a child process gets: this one's, with `extra` on top. */
export function childEnv(extra = {}) {
  return { ...source, ...extra };
}

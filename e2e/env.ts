/** The e2e suite's configuration from the environment; nothing else in e2e/ reads process.env. */
const source = process.env;

export const e2eEnv = Object.freeze({
  /** Set by CI: the suite retries a failed test once there. */
  ci: Boolean(source.CI),
  /** The Debian Chromium (Playwright's own download does not reach this network). */
  chromiumPath: source.CHROMIUM_PATH || '/usr/bin/chromium',
  /** Where soe-uploads.spec.ts writes its screenshots, when set. */
  shotsDir: source.SHOTS_DIR || null,
});

import type { FastifyInstance } from 'fastify';
import { ConfigError, loadEnv, publicUrl, type Env } from './env';
import { createServer } from './start';

let env: Env;
let app: FastifyInstance | undefined;
let warning: string | undefined;
// Before anything opens, and for every signal: one with no handler kills the process outright, skipping the exit
// hooks that release the embedded database's lock (tsx relays the group's SIGTERM, so one stop can bring two).
// The app closes first; a repeat within FORCE_AFTER_MS is that echo, a later one forces the exit.
const FORCE_AFTER_MS = 2_000;
let stopSignalAt: number | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopSignalAt !== undefined) {
      if (Date.now() - stopSignalAt > FORCE_AFTER_MS) process.exit(1);
      return;
    }
    stopSignalAt = Date.now();
    if (!app) process.exit(0);
    void app.close().then(() => process.exit(0));
  });
}
try {
  env = loadEnv();
  const started = await createServer(env);
  app = started.app;
  warning = started.identity.provider === 'built-in' ? started.identity.warning : undefined;
} catch (error) {
  // A configuration the server refuses: say what to change, without a stack trace.
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`Predict did not start.\n${error.message}\n`);
  process.exit(1);
}
if (warning) process.stderr.write(`\n${warning}\n\n`);
await app.listen({ port: env.PORT, host: env.HOST });
app.log.info(
  `Predict is running at ${publicUrl(env)} (database: ${app.database.shape}, sign-in: ${app.auth.kind})`,
);
if (warning) app.log.warn(warning);

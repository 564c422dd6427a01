import type { FastifyInstance } from 'fastify';
import { ConfigError, loadEnv, publicUrl, type Env } from './env';
import { createServer } from './start';

let env: Env;
let app: FastifyInstance;
let warning: string | undefined;
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

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}

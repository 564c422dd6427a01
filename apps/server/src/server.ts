import { loadEnv, publicUrl } from './env';
import { createServer } from './start';

const env = loadEnv();
const { app } = await createServer(env);
await app.listen({ port: env.PORT, host: env.HOST });
app.log.info(
  `Predict is running at ${publicUrl(env)} (database: ${app.database.shape}, sign-in: ${app.auth.kind})`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}

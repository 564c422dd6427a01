import { openDatabase } from '../db/client';
import { loadEnv } from '../env';

const env = loadEnv();
const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
await database.migrate();
await database.close();
console.log(`Migrations applied (${database.shape}).`);

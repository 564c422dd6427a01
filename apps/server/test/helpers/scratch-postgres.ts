import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A new, empty PostgreSQL database next to the one `baseUrl` names, for one test file or benchmark run. */
export async function createScratchDatabase(
  baseUrl: string,
  prefix = 'predict_test',
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

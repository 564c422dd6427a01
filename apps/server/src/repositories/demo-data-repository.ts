import { count, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { siteGroups, studies } from '../db/schema';

/** True when demo studies are present (the web app labels them). */
export async function hasDemoData(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(studies).where(eq(studies.isDemo, true));
  return (row?.n ?? 0) > 0;
}

/** True when there are neither studies nor site groups: a new installation. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [s] = await db.select({ n: count() }).from(studies);
  const [g] = await db.select({ n: count() }).from(siteGroups);
  return (s?.n ?? 0) === 0 && (g?.n ?? 0) === 0;
}

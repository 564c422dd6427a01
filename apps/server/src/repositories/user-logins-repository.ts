import type { Tx } from '../db/client';
import { userLogins } from '../db/schema';

export type NewUserLogin = typeof userLogins.$inferInsert;

export async function insertUserLogin(tx: Tx, login: NewUserLogin): Promise<number> {
  const [row] = await tx.insert(userLogins).values(login).returning({ id: userLogins.userLoginId });
  return row!.id;
}

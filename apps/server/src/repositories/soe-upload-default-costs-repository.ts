import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { countryDefaultCosts } from '../db/schema';

export type NewCountryDefaultCostRow = typeof countryDefaultCosts.$inferInsert;

/** Adds rows; a (country, name) already there is left alone (the demo load is safe on every start). */
export async function insertCountryDefaultCosts(
  db: Db | Tx,
  rows: NewCountryDefaultCostRow[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 2000)
    await db
      .insert(countryDefaultCosts)
      .values(rows.slice(i, i + 2000))
      .onConflictDoNothing();
}

/** Replaces the whole reference table (the admins' load). */
export async function replaceCountryDefaultCosts(tx: Tx, rows: NewCountryDefaultCostRow[]): Promise<void> {
  await tx.delete(countryDefaultCosts);
  await insertCountryDefaultCosts(tx, rows);
}

export async function countCountryDefaultCosts(db: Db | Tx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(countryDefaultCosts);
  return row?.n ?? 0;
}

export interface SoeDefaultCostRecord {
  assessmentId: number;
  assessmentType: string;
  assessmentName: string;
  currency: string;
  minCents: number;
  avgCents: number;
  maxCents: number;
  countOfDataPoints: number;
}

/**
 * The reference figures of one country (ISO3) for the SOE's grid assessments: an assessment matches by its
 * reference-list name (assessment_name_mapping) or, without one, its own name, ignoring case. In the grid's order.
 */
export async function listSoeDefaultCosts(
  db: Db | Tx,
  soeId: number,
  countryCodeIso3: string,
): Promise<SoeDefaultCostRecord[]> {
  const result = await db.execute(sql`
    select a.assessment_id as "assessmentId", a.assessment_type as "assessmentType",
      a.assessment_name as "assessmentName", c.currency,
      c.cost_min_cents::float8 as "minCents", c.cost_avg_cents::float8 as "avgCents",
      c.cost_max_cents::float8 as "maxCents", c.count_of_data_points as "countOfDataPoints"
    from soe_assessments a
    join country_default_costs c on c.country_code_iso3 = ${countryCodeIso3}
      and lower(c.assessment_name) = lower(coalesce(nullif(a.assessment_name_mapping, ''), a.assessment_name))
    where a.soe_id = ${soeId} and a.assessment_type in ('Procedure', 'Non Procedure')
    order by a.assessment_sort_order, a.assessment_id`);
  return (result as unknown as { rows: SoeDefaultCostRecord[] }).rows;
}

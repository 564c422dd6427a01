import { PRODUCT_NAME, type MetaResponse } from '@predict/shared';
import type { Db } from '../../db/client';
import { hasDemoData } from '../../repositories/demo-data-repository';
import { APP_VERSION } from '../../version';

/** What the app says about itself: product, version, identity provider, database shape and demo data. */
export async function productMeta(
  db: Db,
  system: Pick<MetaResponse, 'identityProvider' | 'issuer' | 'database'>,
): Promise<MetaResponse> {
  return { product: PRODUCT_NAME, version: APP_VERSION, ...system, demoData: await hasDemoData(db) };
}

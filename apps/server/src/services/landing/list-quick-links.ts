import type { Db } from '../../db/client';
import { listQuickLinks } from '../../repositories/quick-links-repository';

/** The landing panel's quick links in their order (empty: the web app shows its defaults). */
export async function quickLinksOfLanding(db: Db) {
  return listQuickLinks(db);
}

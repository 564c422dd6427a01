import { asc } from 'drizzle-orm';
import type { Db } from '../db/client';
import { quickLinks } from '../db/schema';

export async function listQuickLinks(db: Db) {
  return db
    .select({ linkLabel: quickLinks.linkLabel, linkUrl: quickLinks.linkUrl })
    .from(quickLinks)
    .orderBy(asc(quickLinks.sortOrder), asc(quickLinks.quickLinkId));
}

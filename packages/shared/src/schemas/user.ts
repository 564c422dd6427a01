import { z } from 'zod';
import { safeText } from './safe-input';

/** The signed-in user as POST /ctpo/login answers it. */
export const CurrentUser = z
  .object({
    userId: z.string(),
    username: z.string(),
    name: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    locale: z.string(),
    groups: z.array(z.string()),
    roles: z.object({ readOnly: z.boolean(), admin: z.boolean() }),
  })
  .meta({ id: 'CurrentUser' });
export type CurrentUser = z.infer<typeof CurrentUser>;

/** Body of POST /ctpo/study/0/UserLogin (spec/3 section 3, login profile). */
export const UserLoginBody = z.object({
  FirstName: safeText().max(200).default(''),
  LastName: safeText().max(200).default(''),
  Email: safeText().max(320).default(''),
  Username: safeText().max(200).default(''),
  UserID: safeText().max(200).default(''),
  Locale: safeText().max(50).default(''),
});
export type UserLoginBody = z.input<typeof UserLoginBody>;

export const QuickLinkSchema = z
  .object({ linkLabel: z.string(), linkUrl: z.string() })
  .meta({ id: 'QuickLink' });

export const MetaResponse = z
  .object({
    product: z.string(),
    version: z.string(),
    identityProvider: z.enum(['built-in', 'external']),
    issuer: z.string(),
    database: z.enum(['pglite', 'postgres']),
    demoData: z.boolean(),
  })
  .meta({ id: 'Meta' });
export type MetaResponse = z.infer<typeof MetaResponse>;

export const HealthResponse = z.object({ status: z.enum(['ok', 'unavailable']) }).meta({ id: 'Health' });

import type { UserLoginBody } from '@predict/shared';
import type { AuthUser } from '../../auth/types';
import type { Db } from '../../db/client';
import { writeAudit } from '../../repositories/audit-repository';
import { insertUserLogin } from '../../repositories/user-logins-repository';

/** Records a sign-in: the identity comes from the verified token, the profile fields from the client. */
export async function recordLogin(db: Db, user: AuthUser, profile: Required<UserLoginBody>): Promise<void> {
  await db.transaction(async (tx) => {
    const login = {
      issuer: user.issuer,
      subject: user.subject,
      firstName: profile.FirstName,
      lastName: profile.LastName,
      email: profile.Email || user.email,
      username: profile.Username || user.username,
      userIdClaim: profile.UserID || user.userId,
      locale: profile.Locale || user.locale,
    };
    const id = await insertUserLogin(tx, login);
    await writeAudit(tx, user, { entity: 'user_login', entityId: id, action: 'create', newValues: login });
  });
}

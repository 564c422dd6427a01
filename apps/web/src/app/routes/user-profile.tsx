import { PRODUCT_NAME } from '@predict/shared';
import { UserProfile } from '@/features/profile';

export function UserProfileRoute() {
  return (
    <>
      <title>{`User Profile - ${PRODUCT_NAME}`}</title>
      <UserProfile />
    </>
  );
}

import { PRODUCT_NAME } from '@predict/shared';
import { GoodbyePage } from '@/features/auth';

export function GoodbyeRoute() {
  return (
    <>
      <title>{`Logged out - ${PRODUCT_NAME}`}</title>
      <GoodbyePage />
    </>
  );
}

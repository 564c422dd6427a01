import { PRODUCT_NAME } from '@predict/shared';
import { NetworkIssuesPage } from '@/features/auth';

export function HealthRoute() {
  return (
    <>
      <title>{`Network Issues - ${PRODUCT_NAME}`}</title>
      <NetworkIssuesPage />
    </>
  );
}

import { PRODUCT_NAME } from '@predict/shared';
import { AuditTrailScreen } from '@/features/audit-trail';

/** /ctpo/audit-trail: the audit trail viewer (administrators; others see that it is not for them). */
export function AuditTrailRoute() {
  return (
    <>
      <title>{`Audit Trail - ${PRODUCT_NAME}`}</title>
      <AuditTrailScreen />
    </>
  );
}

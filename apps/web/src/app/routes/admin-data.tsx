import { PRODUCT_NAME } from '@predict/shared';
import { AdminDataScreen } from '@/features/admin-data';

/** /ctpo/admin-data/ and /ctpo/admin-data/:siteGroupId: site-group reference data (spec/3 Admin site group). */
export function AdminDataRoute() {
  return (
    <>
      <title>{`Admin Data - ${PRODUCT_NAME}`}</title>
      <AdminDataScreen />
    </>
  );
}

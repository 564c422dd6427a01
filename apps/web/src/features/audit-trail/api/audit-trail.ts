import { AuditTrailPage, CSRF_HEADER, ErrorResponse } from '@predict/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError, buildUrl } from '@/lib/api-client';
import { toApiQuery, type AuditFilterInputs } from '../utils/audit-trail-search';

export const AUDIT_PATH = '/ctpo/admin/audit';
export const AUDIT_EXPORT_PATH = '/ctpo/admin/audit/export';
export const EXPORT_FAILED_MESSAGE = 'The audit trail could not be exported.';

export interface AuditPageRequest {
  filters: AuditFilterInputs;
  page: number;
  pageSize: number;
}

export const auditTrailQueryOptions = ({ filters, page, pageSize }: AuditPageRequest) =>
  queryOptions({
    queryKey: ['audit-trail', filters, page, pageSize],
    queryFn: ({ signal }) =>
      api.get(AUDIT_PATH, AuditTrailPage, { query: toApiQuery(filters, { page, pageSize }), signal }),
    // Keep the previous page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useAuditTrail(request: AuditPageRequest, enabled: boolean) {
  return useQuery({ ...auditTrailQueryOptions(request), enabled });
}

export interface AuditExportFile {
  data: ArrayBuffer;
  fileName: string;
  /** Rows matching the filters and rows in the file: the server exports at most 50,000. */
  total: number;
  rows: number;
}

/** The filtered audit trail as an xlsx made by the server (it may hold more rows than a browser should fetch). */
export async function downloadAuditExport(filters: AuditFilterInputs): Promise<AuditExportFile> {
  const response = await fetch(buildUrl(AUDIT_EXPORT_PATH, toApiQuery(filters)), {
    headers: { [CSRF_HEADER]: '1' },
    credentials: 'same-origin',
  });
  if (!response.ok) {
    const body = ErrorResponse.safeParse(await response.json().catch(() => null));
    throw new ApiError(response.status, body.data?.message ?? EXPORT_FAILED_MESSAGE, body.data?.fields);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  return {
    data: await response.arrayBuffer(),
    fileName: name ?? 'audit-trail.xlsx',
    total: Number(response.headers.get('x-audit-total') ?? 0),
    rows: Number(response.headers.get('x-audit-rows') ?? 0),
  };
}

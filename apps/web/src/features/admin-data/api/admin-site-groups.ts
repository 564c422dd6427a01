import { AdminSiteGroup, AdminSiteGroupListItem, type AdminSiteGroupSaveInput } from '@predict/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const SiteGroupList = AdminSiteGroupListItem.array();

export const adminSiteGroupsQueryKey = ['admin', 'sitegroups'] as const;
export const adminSiteGroupQueryKey = (id: number) => ['admin', 'sitegroup', id] as const;

export const adminSiteGroupsQueryOptions = () =>
  queryOptions({
    queryKey: adminSiteGroupsQueryKey,
    queryFn: ({ signal }) => api.get('/ctpo/admin/sitegroups', SiteGroupList, { signal }),
  });

export const adminSiteGroupQueryOptions = (id: number) =>
  queryOptions({
    queryKey: adminSiteGroupQueryKey(id),
    queryFn: ({ signal }) => api.get(`/ctpo/admin/sitegroup/${id}`, AdminSiteGroup, { signal }),
  });

export const useAdminSiteGroups = () => useQuery(adminSiteGroupsQueryOptions());
export const useAdminSiteGroup = (id: number) => useQuery(adminSiteGroupQueryOptions(id));

/** Saves a site group (admins only); answers it with its new version. */
export const saveAdminSiteGroup = (body: AdminSiteGroupSaveInput) =>
  api.post('/ctpo/study/0/AdminDataUpload', body, AdminSiteGroup);

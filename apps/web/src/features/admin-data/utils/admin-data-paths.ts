/** /ctpo/admin-data/{siteGroupId} (spec/3 section 2). */
export const adminDataPath = (siteGroupId: number) => `/ctpo/admin-data/${siteGroupId}`;

/** The site group id of the address, or undefined when there is none or it is not a whole number. */
export function siteGroupIdParam(param: string | undefined): number | undefined {
  return param !== undefined && /^\d+$/.test(param) ? Number(param) : undefined;
}

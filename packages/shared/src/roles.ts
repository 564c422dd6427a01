import { DEFAULT_ADMIN_GROUPS, DEFAULT_READ_ONLY_GROUPS } from './constants';

export interface GroupConfig {
  readOnlyGroups: readonly string[];
  adminGroups: readonly string[];
}

export interface Roles {
  /** May only look: a read-only group, or no groups at all. */
  readOnly: boolean;
  /** May edit site-group reference data. */
  admin: boolean;
}

export const DEFAULT_GROUP_CONFIG: GroupConfig = {
  readOnlyGroups: DEFAULT_READ_ONLY_GROUPS,
  adminGroups: DEFAULT_ADMIN_GROUPS,
};

const lower = (names: readonly string[]) => new Set(names.map((n) => n.toLowerCase()));

/** Derives roles from the group claim; a token without groups is read-only, never more. */
export function rolesFromGroups(
  groups: readonly string[],
  config: GroupConfig = DEFAULT_GROUP_CONFIG,
): Roles {
  const mine = lower(groups);
  const admin = [...lower(config.adminGroups)].some((g) => mine.has(g));
  const inReadOnlyGroup = [...lower(config.readOnlyGroups)].some((g) => mine.has(g));
  return { readOnly: groups.length === 0 || (inReadOnlyGroup && !admin), admin };
}

/** The groups the profile shows: names containing premierpredict (any case), sorted. */
export function profileGroups(groups: readonly string[]): string[] {
  return groups.filter((g) => g.toLowerCase().includes('premierpredict')).sort((a, b) => a.localeCompare(b));
}

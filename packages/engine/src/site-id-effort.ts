export type SiteIdEffort = 'Small' | 'Medium' | 'Large';

/** Site ID effort from a number of sites: 1-2 Small, 3-10 Medium, above 10 Large (spec/1 section 9). */
export function siteIdEffort(sites: number): SiteIdEffort {
  if (sites <= 2) return 'Small';
  if (sites <= 10) return 'Medium';
  return 'Large';
}

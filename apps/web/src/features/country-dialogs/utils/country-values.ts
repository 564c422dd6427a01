import { COUNTRY_GOALS, type PlanCountry, type PlanSiteGroup } from '@predict/shared';
import { numericText, type SiteIdSize, type SiteRange, type StartUpSize } from './site-range';

/** The site group a country tab stands for: a plan country uses its first site group (spec/1 section 3). */
export const usedSiteGroup = (country: PlanCountry): PlanSiteGroup | undefined => country.siteGroups[0];

/** The country's activated-sites goal (NUM_SITES_ACTIVATED) as the dialog's text fields. */
export function activatedSites(group: PlanSiteGroup | undefined): SiteRange {
  const goal = group?.milestones.find(
    (m) => m.milestoneId === COUNTRY_GOALS.NUM_SITES_ACTIVATED || m.milestoneName === 'NUM_SITES_ACTIVATED',
  );
  return { lower: numericText(goal?.lowerBound), upper: numericText(goal?.upperBound) };
}

export interface EditCountryValues {
  range: SiteRange;
  effort: SiteIdSize | '';
  startUp: StartUpSize | '';
}

export function editValuesOf(country: PlanCountry): EditCountryValues {
  const group = usedSiteGroup(country);
  return {
    range: activatedSites(group),
    effort: group?.timeSiteIdSize ?? '',
    startUp: group?.timeCountryStartUpSize ?? '',
  };
}

/** The tab label of a country: ISO3, except the USA whose groups are told apart by their names (spec/1 s.2). */
export function countryLabel(country: PlanCountry): string {
  const group = usedSiteGroup(country);
  return country.countryCodeISO3 === 'USA' && group ? group.siteGroupName : country.countryCodeISO3;
}

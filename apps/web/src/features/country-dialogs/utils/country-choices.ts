import type { SiteGroupOption } from '@predict/shared';

/** A country Add Country offers, with the site groups it may be added with. */
export interface CountryChoice {
  countryId: number;
  label: string;
  groups: SiteGroupOption[];
}

/** The countries that have site groups, each with its groups (the USA has several), sorted by name. */
export function countryChoices(groups: SiteGroupOption[], names: Map<number, string>): CountryChoice[] {
  const byCountry = new Map<number, CountryChoice>();
  for (const g of groups) {
    const choice = byCountry.get(g.countryId) ?? {
      countryId: g.countryId,
      label: `${names.get(g.countryId) ?? g.countryName} (${g.countryCodeISO3})`,
      groups: [],
    };
    choice.groups.push(g);
    byCountry.set(g.countryId, choice);
  }
  return [...byCountry.values()].sort((a, b) => a.label.localeCompare(b.label));
}

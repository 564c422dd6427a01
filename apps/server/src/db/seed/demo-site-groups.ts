/**
 * Demo reference data: countries and their site groups (spec/3 "Site group (admin)").
 *
 * Day counts are calendar days and feed the start-up milestone chain of the simulation model (design/simulation-model.md
 * section 3): Site ID finish = day 0 + timeSiteId{Small,Medium,Large}Days; regulatory submission = max(protocol final,
 * site ID finish) + packagePrepDays (with rolling submission: day 0 + firstSiteIdDays instead of site ID finish);
 * first approval = submission + timeCountryStartUp{SuperShort,Short,Medium,Long}Days; first activation = approval +
 * timeSivDays; sites then activate along the activation profile; FPS = first activation + timeFirstPatientScreenDays.
 *
 * The values are plausible planning assumptions for demonstration, not benchmarks.
 */

export type DemoRegion =
  | 'North America'
  | 'Latin America'
  | 'Western Europe'
  | 'Eastern Europe'
  | 'Asia Pacific'
  | 'Middle East & Africa';

export interface DemoCountry {
  countryName: string;
  iso3: string;
  iso2: string;
  region: DemoRegion;
  isEuMember: boolean;
}

export interface DemoActivationPoint {
  /** Cumulative number of activated sites. */
  sites: number;
  /** Days since the first activation. */
  days: number;
}

export interface DemoSiteGroup {
  siteGroupName: string;
  countryIso3: string;
  timeSiteIdSmallDays: number;
  timeSiteIdMediumDays: number;
  timeSiteIdLargeDays: number;
  timeCountryStartUpSuperShortDays: number;
  timeCountryStartUpShortDays: number;
  timeCountryStartUpMediumDays: number;
  timeCountryStartUpLongDays: number;
  packagePrepDays: number;
  isRollingSubmission: 0 | 1;
  /** 0 when not rolling. */
  firstSiteIdDays: number;
  timeSivDays: number;
  timeFirstPatientScreenDays: number;
  isCtisEligible: boolean;
  /** 2 to 11 points, sites and days strictly increasing. */
  activationProfile: DemoActivationPoint[];
  /** Exactly 12 multipliers, January to December, each 0 to 1. */
  seasonalVariation: number[];
}

/** 55 countries: all 27 EU member states plus the other countries the CRO commonly plans in. */
export const DEMO_COUNTRIES: DemoCountry[] = [
  // North America
  { countryName: 'United States', iso3: 'USA', iso2: 'US', region: 'North America', isEuMember: false },
  { countryName: 'Canada', iso3: 'CAN', iso2: 'CA', region: 'North America', isEuMember: false },
  // Latin America
  { countryName: 'Mexico', iso3: 'MEX', iso2: 'MX', region: 'Latin America', isEuMember: false },
  { countryName: 'Brazil', iso3: 'BRA', iso2: 'BR', region: 'Latin America', isEuMember: false },
  { countryName: 'Argentina', iso3: 'ARG', iso2: 'AR', region: 'Latin America', isEuMember: false },
  { countryName: 'Chile', iso3: 'CHL', iso2: 'CL', region: 'Latin America', isEuMember: false },
  { countryName: 'Colombia', iso3: 'COL', iso2: 'CO', region: 'Latin America', isEuMember: false },
  { countryName: 'Peru', iso3: 'PER', iso2: 'PE', region: 'Latin America', isEuMember: false },
  // Western Europe (EU)
  { countryName: 'Austria', iso3: 'AUT', iso2: 'AT', region: 'Western Europe', isEuMember: true },
  { countryName: 'Belgium', iso3: 'BEL', iso2: 'BE', region: 'Western Europe', isEuMember: true },
  { countryName: 'Cyprus', iso3: 'CYP', iso2: 'CY', region: 'Western Europe', isEuMember: true },
  { countryName: 'Denmark', iso3: 'DNK', iso2: 'DK', region: 'Western Europe', isEuMember: true },
  { countryName: 'Finland', iso3: 'FIN', iso2: 'FI', region: 'Western Europe', isEuMember: true },
  { countryName: 'France', iso3: 'FRA', iso2: 'FR', region: 'Western Europe', isEuMember: true },
  { countryName: 'Germany', iso3: 'DEU', iso2: 'DE', region: 'Western Europe', isEuMember: true },
  { countryName: 'Greece', iso3: 'GRC', iso2: 'GR', region: 'Western Europe', isEuMember: true },
  { countryName: 'Ireland', iso3: 'IRL', iso2: 'IE', region: 'Western Europe', isEuMember: true },
  { countryName: 'Italy', iso3: 'ITA', iso2: 'IT', region: 'Western Europe', isEuMember: true },
  { countryName: 'Luxembourg', iso3: 'LUX', iso2: 'LU', region: 'Western Europe', isEuMember: true },
  { countryName: 'Malta', iso3: 'MLT', iso2: 'MT', region: 'Western Europe', isEuMember: true },
  { countryName: 'Netherlands', iso3: 'NLD', iso2: 'NL', region: 'Western Europe', isEuMember: true },
  { countryName: 'Portugal', iso3: 'PRT', iso2: 'PT', region: 'Western Europe', isEuMember: true },
  { countryName: 'Spain', iso3: 'ESP', iso2: 'ES', region: 'Western Europe', isEuMember: true },
  { countryName: 'Sweden', iso3: 'SWE', iso2: 'SE', region: 'Western Europe', isEuMember: true },
  // Eastern Europe (EU)
  { countryName: 'Bulgaria', iso3: 'BGR', iso2: 'BG', region: 'Eastern Europe', isEuMember: true },
  { countryName: 'Croatia', iso3: 'HRV', iso2: 'HR', region: 'Eastern Europe', isEuMember: true },
  { countryName: 'Czech Republic', iso3: 'CZE', iso2: 'CZ', region: 'Eastern Europe', isEuMember: true },
  { countryName: 'Estonia', iso3: 'EST', iso2: 'EE', region: 'Eastern Europe', isEuMember: true },
  { countryName: 'Hungary', iso3: 'HUN', iso2: 'HU', region: 'Eastern Europe', isEuMember: true },
  { countryName: 'Latvia', iso3: 'LVA', iso2: 'LV', region: 'Eastern Europe', isEuMember: true },
  { countryName: 'Lithuania', iso3: 'LTU', iso2: 'LT', region: 'Eastern Europe', isEuMember: true },
  { countryName: 'Poland', iso3: 'POL', iso2: 'PL', region: 'Eastern Europe', isEuMember: true },
  { countryName: 'Romania', iso3: 'ROU', iso2: 'RO', region: 'Eastern Europe', isEuMember: true },
  { countryName: 'Slovakia', iso3: 'SVK', iso2: 'SK', region: 'Eastern Europe', isEuMember: true },
  { countryName: 'Slovenia', iso3: 'SVN', iso2: 'SI', region: 'Eastern Europe', isEuMember: true },
  // Europe outside the EU
  { countryName: 'United Kingdom', iso3: 'GBR', iso2: 'GB', region: 'Western Europe', isEuMember: false },
  { countryName: 'Switzerland', iso3: 'CHE', iso2: 'CH', region: 'Western Europe', isEuMember: false },
  { countryName: 'Norway', iso3: 'NOR', iso2: 'NO', region: 'Western Europe', isEuMember: false },
  { countryName: 'Serbia', iso3: 'SRB', iso2: 'RS', region: 'Eastern Europe', isEuMember: false },
  { countryName: 'Georgia', iso3: 'GEO', iso2: 'GE', region: 'Eastern Europe', isEuMember: false },
  // Middle East and Africa
  { countryName: 'Turkey', iso3: 'TUR', iso2: 'TR', region: 'Middle East & Africa', isEuMember: false },
  { countryName: 'Israel', iso3: 'ISR', iso2: 'IL', region: 'Middle East & Africa', isEuMember: false },
  { countryName: 'Saudi Arabia', iso3: 'SAU', iso2: 'SA', region: 'Middle East & Africa', isEuMember: false },
  { countryName: 'South Africa', iso3: 'ZAF', iso2: 'ZA', region: 'Middle East & Africa', isEuMember: false },
  // Asia Pacific
  { countryName: 'China', iso3: 'CHN', iso2: 'CN', region: 'Asia Pacific', isEuMember: false },
  { countryName: 'Japan', iso3: 'JPN', iso2: 'JP', region: 'Asia Pacific', isEuMember: false },
  { countryName: 'South Korea', iso3: 'KOR', iso2: 'KR', region: 'Asia Pacific', isEuMember: false },
  { countryName: 'Taiwan', iso3: 'TWN', iso2: 'TW', region: 'Asia Pacific', isEuMember: false },
  { countryName: 'India', iso3: 'IND', iso2: 'IN', region: 'Asia Pacific', isEuMember: false },
  { countryName: 'Australia', iso3: 'AUS', iso2: 'AU', region: 'Asia Pacific', isEuMember: false },
  { countryName: 'New Zealand', iso3: 'NZL', iso2: 'NZ', region: 'Asia Pacific', isEuMember: false },
  { countryName: 'Singapore', iso3: 'SGP', iso2: 'SG', region: 'Asia Pacific', isEuMember: false },
  { countryName: 'Thailand', iso3: 'THA', iso2: 'TH', region: 'Asia Pacific', isEuMember: false },
  { countryName: 'Malaysia', iso3: 'MYS', iso2: 'MY', region: 'Asia Pacific', isEuMember: false },
  { countryName: 'Philippines', iso3: 'PHL', iso2: 'PH', region: 'Asia Pacific', isEuMember: false },
];

// ------------------------------------------------------------------ seasonal patterns (January to December)

/** US: slower around Thanksgiving and the December holidays, a little in July. */
const SEASON_US = [1, 1, 1, 1, 1, 0.95, 0.9, 0.95, 1, 1, 0.9, 0.8];
/** Northern-hemisphere default: summer holidays and Christmas. */
const SEASON_NORTH = [0.95, 1, 1, 1, 1, 1, 0.9, 0.85, 1, 1, 1, 0.8];
/** Central Europe: Easter, summer school holidays and Christmas. */
const SEASON_CENTRAL_EU = [0.95, 1, 1, 0.95, 1, 1, 0.85, 0.8, 1, 1, 1, 0.75];
/** Southern Europe: August shutdown (Ferragosto, agosto), Christmas. */
const SEASON_SOUTH_EU = [0.95, 1, 1, 0.95, 1, 0.95, 0.85, 0.5, 0.95, 1, 1, 0.8];
/** Nordics: long July holiday (fellesferie, semester), Christmas. */
const SEASON_NORDIC = [0.95, 1, 1, 0.95, 1, 0.9, 0.55, 0.85, 1, 1, 1, 0.75];
/** Lunar New Year falls in late January or February. */
const SEASON_LUNAR = [0.85, 0.7, 1, 1, 1, 1, 1, 1, 1, 0.95, 1, 0.95];
/** Korea: Lunar New Year and Chuseok (September or October). */
const SEASON_KOREA = [0.85, 0.75, 1, 1, 1, 1, 1, 1, 0.9, 0.9, 1, 0.95];
/** Japan: New Year, Golden Week, Obon. */
const SEASON_JAPAN = [0.85, 1, 1, 1, 0.85, 1, 1, 0.85, 1, 1, 1, 0.9];
/** Southern hemisphere: summer holidays over December and January, Carnival in February or March. */
const SEASON_SOUTH_HEMI = [0.7, 0.85, 0.95, 1, 1, 1, 0.9, 1, 1, 1, 1, 0.75];
/** Australia and New Zealand: summer holidays, winter school break. */
const SEASON_ANZ = [0.65, 0.9, 1, 0.95, 1, 1, 0.95, 1, 1, 0.95, 1, 0.75];
/** India: Diwali (October or November) and year end. */
const SEASON_INDIA = [1, 1, 0.95, 1, 1, 1, 1, 1, 1, 0.85, 0.85, 0.95];
/** Gulf: Ramadan and Eid (early spring in 2025 to 2027), summer heat and travel. */
const SEASON_GULF = [1, 0.85, 0.7, 0.9, 1, 0.85, 0.8, 0.8, 1, 1, 1, 1];
/** Israel: Passover in spring, the autumn High Holidays. */
const SEASON_ISRAEL = [1, 1, 1, 0.85, 1, 1, 0.95, 0.9, 0.8, 0.85, 1, 1];
/** Turkey: Ramadan and Kurban Bayrami, summer. */
const SEASON_TURKEY = [1, 1, 0.85, 0.95, 0.9, 0.9, 0.85, 0.85, 1, 1, 1, 0.95];

// ------------------------------------------------------------------ activation profiles (cumulative sites, days)

type Profile = [sites: number, days: number][];

const profile = (points: Profile): DemoActivationPoint[] => points.map(([sites, days]) => ({ sites, days }));

/** Very small countries: 2 to 3 sites. */
const P_TINY: Profile = [
  [1, 0],
  [2, 30],
  [3, 75],
];
/** Small countries: about 5 sites. */
const P_SMALL: Profile = [
  [1, 0],
  [2, 21],
  [3, 45],
  [5, 90],
];
/** Mid-size countries: about 8 sites. */
const P_MEDIUM: Profile = [
  [1, 0],
  [2, 14],
  [4, 45],
  [6, 75],
  [8, 120],
];
/** Large European countries: about 15 sites. */
const P_LARGE: Profile = [
  [1, 0],
  [3, 21],
  [6, 45],
  [9, 75],
  [12, 110],
  [15, 150],
];
/** Countries where the first approval covers everything and sites follow quickly: about 12 sites. */
const P_FAST_BURST: Profile = [
  [1, 0],
  [4, 14],
  [8, 30],
  [11, 60],
  [12, 90],
];
/** Country-wide ethics approval with slow site contracts: a long tail, about 10 sites. */
const P_SLOW_TAIL: Profile = [
  [1, 0],
  [2, 30],
  [4, 75],
  [6, 120],
  [8, 180],
  [10, 240],
];
/** China: hospital ethics committees and HGRAC filing one by one, about 15 sites. */
const P_CHINA: Profile = [
  [1, 0],
  [2, 30],
  [4, 60],
  [6, 90],
  [8, 120],
  [10, 150],
  [12, 185],
  [14, 220],
  [15, 250],
];
/** USA with a central IRB: a large, fast ramp of about 40 sites. */
const P_US_CENTRAL: Profile = [
  [1, 0],
  [3, 10],
  [6, 20],
  [10, 30],
  [15, 45],
  [20, 60],
  [25, 75],
  [30, 90],
  [34, 110],
  [37, 130],
  [40, 150],
];
/** USA with local IRBs: sites come in as each institution finishes its own review, about 25 sites. */
const P_US_LOCAL: Profile = [
  [1, 0],
  [2, 15],
  [4, 35],
  [7, 60],
  [10, 90],
  [14, 120],
  [18, 155],
  [21, 190],
  [23, 220],
  [25, 260],
];

// ------------------------------------------------------------------ site groups

interface GroupSpec {
  name: string;
  iso3: string;
  /** Time for Site ID (days): small, medium, large effort. */
  siteId: [small: number, medium: number, large: number];
  /** Country start-up time frame (days): super short, short, medium, long. */
  startUp: [superShort: number, short: number, medium: number, long: number];
  packagePrep: number;
  /** Days from project start to the first site ID when the country takes rolling submissions; omitted when not. */
  rollingFirstSiteId?: number;
  siv: number;
  fps: number;
  profile: Profile;
  season: number[];
}

const EU_ISO3 = new Set(DEMO_COUNTRIES.filter((c) => c.isEuMember).map((c) => c.iso3));

function group(s: GroupSpec): DemoSiteGroup {
  return {
    siteGroupName: s.name,
    countryIso3: s.iso3,
    timeSiteIdSmallDays: s.siteId[0],
    timeSiteIdMediumDays: s.siteId[1],
    timeSiteIdLargeDays: s.siteId[2],
    timeCountryStartUpSuperShortDays: s.startUp[0],
    timeCountryStartUpShortDays: s.startUp[1],
    timeCountryStartUpMediumDays: s.startUp[2],
    timeCountryStartUpLongDays: s.startUp[3],
    packagePrepDays: s.packagePrep,
    isRollingSubmission: s.rollingFirstSiteId === undefined ? 0 : 1,
    firstSiteIdDays: s.rollingFirstSiteId ?? 0,
    timeSivDays: s.siv,
    timeFirstPatientScreenDays: s.fps,
    // CTIS (EU Clinical Trials Regulation 536/2014) applies to the EU member states.
    isCtisEligible: EU_ISO3.has(s.iso3),
    activationProfile: profile(s.profile),
    seasonalVariation: [...s.season],
  };
}

/**
 * One site group per country, named after the country, except the USA, which has two: 'USA - Central' (a central
 * IRB reviews once for all sites, so start-up is faster) and 'USA - Local' (each institution's own IRB, submitted
 * site by site).
 */
export const DEMO_SITE_GROUPS: DemoSiteGroup[] = [
  // ---------------------------------------------------------------- North America
  group({
    name: 'USA - Central',
    iso3: 'USA',
    siteId: [30, 45, 60],
    startUp: [45, 60, 90, 120],
    packagePrep: 14,
    siv: 14,
    fps: 21,
    profile: P_US_CENTRAL,
    season: SEASON_US,
  }),
  group({
    name: 'USA - Local',
    iso3: 'USA',
    siteId: [30, 45, 60],
    startUp: [60, 90, 120, 160],
    packagePrep: 21,
    rollingFirstSiteId: 30,
    siv: 21,
    fps: 21,
    profile: P_US_LOCAL,
    season: SEASON_US,
  }),
  group({
    name: 'Canada',
    iso3: 'CAN',
    siteId: [35, 50, 70],
    startUp: [60, 75, 100, 130],
    packagePrep: 20,
    rollingFirstSiteId: 45,
    siv: 21,
    fps: 28,
    profile: P_MEDIUM,
    season: SEASON_NORTH,
  }),
  // ---------------------------------------------------------------- Latin America
  group({
    name: 'Mexico',
    iso3: 'MEX',
    siteId: [40, 60, 80],
    startUp: [90, 120, 150, 200],
    packagePrep: 25,
    siv: 30,
    fps: 30,
    profile: P_MEDIUM,
    season: [0.9, 1, 1, 0.9, 1, 1, 1, 1, 1, 1, 0.95, 0.75],
  }),
  group({
    name: 'Brazil',
    iso3: 'BRA',
    siteId: [45, 70, 95],
    startUp: [120, 160, 210, 270],
    packagePrep: 30,
    siv: 30,
    fps: 30,
    profile: P_SLOW_TAIL,
    season: SEASON_SOUTH_HEMI,
  }),
  group({
    name: 'Argentina',
    iso3: 'ARG',
    siteId: [40, 60, 80],
    startUp: [90, 120, 150, 190],
    packagePrep: 25,
    siv: 28,
    fps: 30,
    profile: P_MEDIUM,
    season: SEASON_SOUTH_HEMI,
  }),
  group({
    name: 'Chile',
    iso3: 'CHL',
    siteId: [40, 55, 75],
    startUp: [80, 110, 140, 180],
    packagePrep: 25,
    siv: 28,
    fps: 28,
    profile: P_SMALL,
    season: [0.75, 0.7, 0.95, 1, 1, 1, 0.9, 1, 0.9, 1, 1, 0.8],
  }),
  group({
    name: 'Colombia',
    iso3: 'COL',
    siteId: [40, 60, 80],
    startUp: [90, 120, 150, 180],
    packagePrep: 25,
    siv: 30,
    fps: 30,
    profile: P_SMALL,
    season: [0.8, 1, 1, 0.9, 1, 0.95, 1, 1, 1, 1, 1, 0.75],
  }),
  group({
    name: 'Peru',
    iso3: 'PER',
    siteId: [45, 65, 85],
    startUp: [100, 130, 170, 220],
    packagePrep: 28,
    siv: 30,
    fps: 35,
    profile: P_SMALL,
    season: [0.85, 0.9, 1, 0.95, 1, 1, 0.9, 1, 1, 1, 1, 0.8],
  }),
  // ---------------------------------------------------------------- Western Europe (EU, CTIS)
  group({
    name: 'Austria',
    iso3: 'AUT',
    siteId: [35, 50, 70],
    startUp: [60, 85, 115, 145],
    packagePrep: 18,
    siv: 21,
    fps: 21,
    profile: P_SMALL,
    season: SEASON_CENTRAL_EU,
  }),
  group({
    name: 'Belgium',
    iso3: 'BEL',
    siteId: [30, 45, 60],
    startUp: [50, 70, 100, 130],
    packagePrep: 15,
    siv: 18,
    fps: 14,
    profile: P_MEDIUM,
    season: SEASON_CENTRAL_EU,
  }),
  group({
    name: 'Cyprus',
    iso3: 'CYP',
    siteId: [35, 50, 65],
    startUp: [80, 105, 135, 170],
    packagePrep: 20,
    siv: 28,
    fps: 30,
    profile: P_TINY,
    season: SEASON_SOUTH_EU,
  }),
  group({
    name: 'Denmark',
    iso3: 'DNK',
    siteId: [30, 45, 60],
    startUp: [55, 80, 110, 140],
    packagePrep: 15,
    siv: 18,
    fps: 14,
    profile: P_SMALL,
    season: SEASON_NORDIC,
  }),
  group({
    name: 'Finland',
    iso3: 'FIN',
    siteId: [30, 45, 60],
    startUp: [60, 85, 115, 145],
    packagePrep: 15,
    siv: 21,
    fps: 14,
    profile: P_SMALL,
    season: SEASON_NORDIC,
  }),
  group({
    name: 'France',
    iso3: 'FRA',
    siteId: [40, 60, 85],
    startUp: [70, 100, 130, 170],
    packagePrep: 22,
    siv: 28,
    fps: 21,
    profile: P_LARGE,
    season: [0.95, 0.95, 1, 0.9, 0.85, 1, 0.8, 0.6, 1, 1, 0.95, 0.8],
  }),
  group({
    name: 'Germany',
    iso3: 'DEU',
    siteId: [35, 55, 75],
    startUp: [60, 90, 120, 150],
    packagePrep: 20,
    siv: 21,
    fps: 21,
    profile: P_LARGE,
    season: SEASON_CENTRAL_EU,
  }),
  group({
    name: 'Greece',
    iso3: 'GRC',
    siteId: [40, 60, 80],
    startUp: [80, 110, 145, 185],
    packagePrep: 22,
    siv: 30,
    fps: 28,
    profile: P_SMALL,
    season: SEASON_SOUTH_EU,
  }),
  group({
    name: 'Ireland',
    iso3: 'IRL',
    siteId: [35, 50, 70],
    startUp: [70, 100, 130, 160],
    packagePrep: 18,
    siv: 21,
    fps: 21,
    profile: P_SMALL,
    season: SEASON_NORTH,
  }),
  group({
    name: 'Italy',
    iso3: 'ITA',
    siteId: [45, 70, 95],
    startUp: [80, 110, 150, 190],
    packagePrep: 25,
    siv: 30,
    fps: 21,
    profile: P_LARGE,
    season: SEASON_SOUTH_EU,
  }),
  group({
    name: 'Luxembourg',
    iso3: 'LUX',
    siteId: [30, 45, 60],
    startUp: [70, 95, 125, 160],
    packagePrep: 18,
    siv: 21,
    fps: 28,
    profile: P_TINY,
    season: SEASON_CENTRAL_EU,
  }),
  group({
    name: 'Malta',
    iso3: 'MLT',
    siteId: [35, 50, 65],
    startUp: [80, 110, 140, 175],
    packagePrep: 20,
    siv: 28,
    fps: 35,
    profile: P_TINY,
    season: SEASON_SOUTH_EU,
  }),
  group({
    name: 'Netherlands',
    iso3: 'NLD',
    siteId: [35, 50, 70],
    startUp: [65, 95, 125, 160],
    packagePrep: 18,
    siv: 21,
    fps: 14,
    profile: P_MEDIUM,
    season: [0.95, 1, 1, 1, 0.95, 1, 0.8, 0.75, 1, 1, 1, 0.8],
  }),
  group({
    name: 'Portugal',
    iso3: 'PRT',
    siteId: [40, 60, 80],
    startUp: [75, 105, 135, 175],
    packagePrep: 22,
    siv: 28,
    fps: 21,
    profile: P_SMALL,
    season: SEASON_SOUTH_EU,
  }),
  group({
    name: 'Spain',
    iso3: 'ESP',
    siteId: [30, 45, 65],
    startUp: [55, 75, 105, 140],
    packagePrep: 15,
    siv: 21,
    fps: 14,
    profile: P_LARGE,
    season: [0.95, 1, 1, 0.9, 1, 1, 0.85, 0.55, 0.95, 1, 1, 0.8],
  }),
  group({
    name: 'Sweden',
    iso3: 'SWE',
    siteId: [30, 45, 60],
    startUp: [60, 85, 115, 150],
    packagePrep: 15,
    siv: 21,
    fps: 14,
    profile: P_SMALL,
    season: SEASON_NORDIC,
  }),
  // ---------------------------------------------------------------- Eastern Europe (EU, CTIS)
  group({
    name: 'Bulgaria',
    iso3: 'BGR',
    siteId: [35, 50, 70],
    startUp: [75, 105, 135, 175],
    packagePrep: 22,
    siv: 21,
    fps: 10,
    profile: P_FAST_BURST,
    season: SEASON_CENTRAL_EU,
  }),
  group({
    name: 'Croatia',
    iso3: 'HRV',
    siteId: [35, 50, 70],
    startUp: [75, 100, 130, 170],
    packagePrep: 20,
    siv: 24,
    fps: 14,
    profile: P_SMALL,
    season: [0.95, 1, 1, 0.95, 1, 1, 0.85, 0.7, 1, 1, 1, 0.8],
  }),
  group({
    name: 'Czech Republic',
    iso3: 'CZE',
    siteId: [30, 45, 65],
    startUp: [65, 90, 120, 150],
    packagePrep: 18,
    siv: 18,
    fps: 10,
    profile: P_FAST_BURST,
    season: SEASON_CENTRAL_EU,
  }),
  group({
    name: 'Estonia',
    iso3: 'EST',
    siteId: [30, 45, 60],
    startUp: [65, 90, 120, 155],
    packagePrep: 18,
    siv: 21,
    fps: 14,
    profile: P_TINY,
    season: SEASON_NORDIC,
  }),
  group({
    name: 'Hungary',
    iso3: 'HUN',
    siteId: [30, 45, 65],
    startUp: [65, 90, 120, 155],
    packagePrep: 18,
    siv: 18,
    fps: 10,
    profile: P_FAST_BURST,
    season: SEASON_CENTRAL_EU,
  }),
  group({
    name: 'Latvia',
    iso3: 'LVA',
    siteId: [30, 45, 60],
    startUp: [65, 90, 120, 155],
    packagePrep: 18,
    siv: 21,
    fps: 14,
    profile: P_TINY,
    season: SEASON_NORDIC,
  }),
  group({
    name: 'Lithuania',
    iso3: 'LTU',
    siteId: [30, 45, 60],
    startUp: [65, 90, 120, 150],
    packagePrep: 18,
    siv: 21,
    fps: 14,
    profile: P_TINY,
    season: SEASON_NORDIC,
  }),
  group({
    name: 'Poland',
    iso3: 'POL',
    siteId: [35, 50, 70],
    startUp: [70, 95, 125, 165],
    packagePrep: 20,
    siv: 21,
    fps: 10,
    profile: P_LARGE,
    season: SEASON_CENTRAL_EU,
  }),
  group({
    name: 'Romania',
    iso3: 'ROU',
    siteId: [40, 55, 75],
    startUp: [80, 110, 140, 180],
    packagePrep: 22,
    siv: 24,
    fps: 14,
    profile: P_MEDIUM,
    season: SEASON_CENTRAL_EU,
  }),
  group({
    name: 'Slovakia',
    iso3: 'SVK',
    siteId: [35, 50, 70],
    startUp: [70, 95, 125, 160],
    packagePrep: 20,
    siv: 21,
    fps: 14,
    profile: P_SMALL,
    season: SEASON_CENTRAL_EU,
  }),
  group({
    name: 'Slovenia',
    iso3: 'SVN',
    siteId: [35, 50, 70],
    startUp: [70, 95, 125, 165],
    packagePrep: 20,
    siv: 24,
    fps: 21,
    profile: P_TINY,
    season: SEASON_CENTRAL_EU,
  }),
  // ---------------------------------------------------------------- Europe outside the EU
  group({
    name: 'United Kingdom',
    iso3: 'GBR',
    siteId: [35, 50, 70],
    startUp: [50, 70, 100, 130],
    packagePrep: 18,
    siv: 28,
    fps: 21,
    profile: P_LARGE,
    season: [0.95, 1, 1, 0.95, 1, 1, 0.95, 0.85, 1, 1, 1, 0.8],
  }),
  group({
    name: 'Switzerland',
    iso3: 'CHE',
    siteId: [35, 50, 70],
    startUp: [60, 80, 110, 140],
    packagePrep: 18,
    siv: 21,
    fps: 21,
    profile: P_SMALL,
    season: SEASON_CENTRAL_EU,
  }),
  group({
    name: 'Norway',
    iso3: 'NOR',
    siteId: [30, 45, 60],
    startUp: [60, 85, 115, 145],
    packagePrep: 15,
    siv: 21,
    fps: 14,
    profile: P_SMALL,
    season: SEASON_NORDIC,
  }),
  group({
    name: 'Serbia',
    iso3: 'SRB',
    siteId: [35, 50, 70],
    startUp: [75, 100, 135, 170],
    packagePrep: 22,
    siv: 21,
    fps: 10,
    profile: P_FAST_BURST,
    season: SEASON_CENTRAL_EU,
  }),
  group({
    name: 'Georgia',
    iso3: 'GEO',
    siteId: [30, 45, 60],
    startUp: [60, 80, 110, 140],
    packagePrep: 20,
    siv: 18,
    fps: 7,
    profile: P_FAST_BURST,
    season: [0.85, 1, 1, 0.95, 1, 1, 1, 0.9, 1, 1, 1, 0.9],
  }),
  // ---------------------------------------------------------------- Middle East and Africa
  group({
    name: 'Turkey',
    iso3: 'TUR',
    siteId: [35, 50, 70],
    startUp: [70, 95, 125, 160],
    packagePrep: 22,
    siv: 24,
    fps: 14,
    profile: P_MEDIUM,
    season: SEASON_TURKEY,
  }),
  group({
    name: 'Israel',
    iso3: 'ISR',
    siteId: [30, 45, 60],
    startUp: [60, 80, 110, 150],
    packagePrep: 18,
    rollingFirstSiteId: 50,
    siv: 21,
    fps: 14,
    profile: P_SMALL,
    season: SEASON_ISRAEL,
  }),
  group({
    name: 'Saudi Arabia',
    iso3: 'SAU',
    siteId: [40, 60, 80],
    startUp: [75, 100, 130, 170],
    packagePrep: 25,
    siv: 30,
    fps: 30,
    profile: P_SMALL,
    season: SEASON_GULF,
  }),
  group({
    name: 'South Africa',
    iso3: 'ZAF',
    siteId: [40, 60, 80],
    startUp: [90, 120, 150, 190],
    packagePrep: 25,
    siv: 28,
    fps: 21,
    profile: P_MEDIUM,
    season: [0.75, 1, 1, 0.9, 1, 1, 0.95, 1, 1, 1, 1, 0.7],
  }),
  // ---------------------------------------------------------------- Asia Pacific
  group({
    name: 'China',
    iso3: 'CHN',
    siteId: [45, 70, 100],
    startUp: [120, 150, 200, 270],
    packagePrep: 30,
    siv: 35,
    fps: 30,
    profile: P_CHINA,
    season: [0.9, 0.65, 1, 1, 0.95, 1, 1, 1, 1, 0.85, 1, 1],
  }),
  group({
    name: 'Japan',
    iso3: 'JPN',
    siteId: [45, 65, 90],
    startUp: [60, 90, 120, 150],
    packagePrep: 30,
    siv: 30,
    fps: 30,
    profile: P_MEDIUM,
    season: SEASON_JAPAN,
  }),
  group({
    name: 'South Korea',
    iso3: 'KOR',
    siteId: [30, 45, 60],
    startUp: [60, 80, 110, 140],
    packagePrep: 20,
    siv: 21,
    fps: 14,
    profile: P_FAST_BURST,
    season: SEASON_KOREA,
  }),
  group({
    name: 'Taiwan',
    iso3: 'TWN',
    siteId: [35, 50, 70],
    startUp: [60, 90, 120, 150],
    packagePrep: 20,
    siv: 21,
    fps: 21,
    profile: P_MEDIUM,
    season: SEASON_LUNAR,
  }),
  group({
    name: 'India',
    iso3: 'IND',
    siteId: [40, 60, 85],
    startUp: [90, 120, 150, 210],
    packagePrep: 25,
    siv: 28,
    fps: 21,
    profile: P_SLOW_TAIL,
    season: SEASON_INDIA,
  }),
  group({
    name: 'Australia',
    iso3: 'AUS',
    siteId: [30, 45, 60],
    startUp: [40, 55, 75, 100],
    packagePrep: 14,
    rollingFirstSiteId: 35,
    siv: 21,
    fps: 21,
    profile: P_MEDIUM,
    season: SEASON_ANZ,
  }),
  group({
    name: 'New Zealand',
    iso3: 'NZL',
    siteId: [30, 45, 60],
    startUp: [50, 65, 90, 120],
    packagePrep: 15,
    siv: 21,
    fps: 21,
    profile: P_SMALL,
    season: SEASON_ANZ,
  }),
  group({
    name: 'Singapore',
    iso3: 'SGP',
    siteId: [30, 45, 60],
    startUp: [50, 70, 95, 125],
    packagePrep: 15,
    siv: 18,
    fps: 21,
    profile: P_TINY,
    season: SEASON_LUNAR,
  }),
  group({
    name: 'Thailand',
    iso3: 'THA',
    siteId: [40, 55, 75],
    startUp: [80, 110, 140, 180],
    packagePrep: 22,
    siv: 28,
    fps: 21,
    profile: P_SMALL,
    season: [1, 1, 1, 0.8, 1, 1, 1, 1, 1, 1, 1, 0.9],
  }),
  group({
    name: 'Malaysia',
    iso3: 'MYS',
    siteId: [35, 50, 70],
    startUp: [70, 95, 125, 160],
    packagePrep: 20,
    siv: 24,
    fps: 21,
    profile: P_SMALL,
    season: [0.9, 0.8, 0.9, 0.85, 1, 1, 1, 1, 1, 1, 1, 0.95],
  }),
  group({
    name: 'Philippines',
    iso3: 'PHL',
    siteId: [45, 65, 90],
    startUp: [90, 120, 160, 200],
    packagePrep: 25,
    siv: 30,
    fps: 28,
    profile: P_SMALL,
    season: [0.9, 1, 1, 0.85, 1, 1, 1, 1, 1, 1, 0.95, 0.8],
  }),
];

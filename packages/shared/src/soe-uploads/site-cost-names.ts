import type { SiteFeeType } from '@predict/engine';
import { SITE_COST_ASSESSMENT_TYPES } from '../soe/constants';

/**
 * Site-cost names an ePrice 'Invoiceables and Site Fees' sheet may list in column A, with the site-cost assessment
 * type each becomes (ours: the spec names only "a known site-cost list"). The types and fee groups themselves
 * (spec/2 section 3) are known names too.
 */
export const SITE_COST_NAMES: readonly { name: string; type: SiteFeeType }[] = [
  { name: 'Site Start-Up Fee', type: '1x at Activation' },
  { name: 'Site Initiation Fee', type: '1x at Activation' },
  { name: 'IRB/EC Initial Review Fee', type: '1x at Activation' },
  { name: 'Pharmacy Set-Up Fee', type: '1x at Activation' },
  { name: 'Laboratory Set-Up Fee', type: '1x at Activation' },
  { name: 'Close-Out Fee', type: '1x at Close' },
  { name: 'Pharmacy Close-Out Fee', type: '1x at Close' },
  { name: 'Record Storage Fee', type: '1x at Close' },
  { name: 'Record Archiving Fee', type: '1x at Close' },
  { name: 'Monthly Administrative Fee', type: 'Recurring Monthly' },
  { name: 'Monthly Pharmacy Maintenance Fee', type: 'Recurring Monthly' },
  { name: 'Monthly Site Management Fee', type: 'Recurring Monthly' },
  { name: 'Quarterly Monitoring Visit Fee', type: 'Recurring Quarterly' },
  { name: 'Quarterly Data Maintenance Fee', type: 'Recurring Quarterly' },
  { name: 'IRB/EC Continuing Review Fee', type: 'Recurring Yearly' },
  { name: 'Annual Maintenance Fee', type: 'Recurring Yearly' },
  { name: 'Annual IRB/EC Renewal Fee', type: 'Recurring Yearly' },
  { name: 'Protocol Amendment Fee', type: 'Adhoc' },
  { name: 'SAE Reporting Fee', type: 'Adhoc' },
  { name: 'Re-Consent Fee', type: 'Adhoc' },
  { name: 'Unscheduled Monitoring Visit Fee', type: 'Adhoc' },
];

const normalise = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

const TYPE_BY_NAME = new Map<string, SiteFeeType>([
  ...SITE_COST_ASSESSMENT_TYPES.map((t) => [normalise(t.type), t.type] as const),
  ...SITE_COST_ASSESSMENT_TYPES.map((t) => [normalise(t.feeGroup), t.type] as const),
  ...SITE_COST_NAMES.map((n) => [normalise(n.name), n.type] as const),
]);

/** The site-cost type of a known site-cost name (case and spacing ignored), or null. */
export const siteCostTypeOf = (name: string): SiteFeeType | null => TYPE_BY_NAME.get(normalise(name)) ?? null;

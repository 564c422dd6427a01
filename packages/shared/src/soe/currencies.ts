/** The 45 currencies Predict knows (spec/2 section 9): ISO 4217 code and name, searchable by either. */
export const CURRENCIES = [
  { code: 'USD', name: 'US Dollar' },
  { code: 'EUR', name: 'Euro' },
  { code: 'GBP', name: 'Pound Sterling' },
  { code: 'JPY', name: 'Yen' },
  { code: 'CHF', name: 'Swiss Franc' },
  { code: 'CAD', name: 'Canadian Dollar' },
  { code: 'AUD', name: 'Australian Dollar' },
  { code: 'NZD', name: 'New Zealand Dollar' },
  { code: 'CNY', name: 'Yuan Renminbi' },
  { code: 'HKD', name: 'Hong Kong Dollar' },
  { code: 'SGD', name: 'Singapore Dollar' },
  { code: 'KRW', name: 'Won' },
  { code: 'TWD', name: 'New Taiwan Dollar' },
  { code: 'INR', name: 'Indian Rupee' },
  { code: 'THB', name: 'Baht' },
  { code: 'MYR', name: 'Malaysian Ringgit' },
  { code: 'PHP', name: 'Philippine Peso' },
  { code: 'IDR', name: 'Rupiah' },
  { code: 'VND', name: 'Dong' },
  { code: 'SEK', name: 'Swedish Krona' },
  { code: 'NOK', name: 'Norwegian Krone' },
  { code: 'DKK', name: 'Danish Krone' },
  { code: 'PLN', name: 'Zloty' },
  { code: 'CZK', name: 'Czech Koruna' },
  { code: 'HUF', name: 'Forint' },
  { code: 'RON', name: 'Romanian Leu' },
  { code: 'BGN', name: 'Bulgarian Lev' },
  { code: 'RSD', name: 'Serbian Dinar' },
  { code: 'UAH', name: 'Hryvnia' },
  { code: 'GEL', name: 'Lari' },
  { code: 'TRY', name: 'Turkish Lira' },
  { code: 'ILS', name: 'New Israeli Sheqel' },
  { code: 'AED', name: 'UAE Dirham' },
  { code: 'SAR', name: 'Saudi Riyal' },
  { code: 'EGP', name: 'Egyptian Pound' },
  { code: 'ZAR', name: 'Rand' },
  { code: 'BRL', name: 'Brazilian Real' },
  { code: 'MXN', name: 'Mexican Peso' },
  { code: 'ARS', name: 'Argentine Peso' },
  { code: 'CLP', name: 'Chilean Peso' },
  { code: 'COP', name: 'Colombian Peso' },
  { code: 'PEN', name: 'Sol' },
  { code: 'RUB', name: 'Russian Ruble' },
  { code: 'KZT', name: 'Tenge' },
  { code: 'ISK', name: 'Iceland Krona' },
] as const;

export type CurrencyCode = (typeof CURRENCIES)[number]['code'];
const CODES = new Set<string>(CURRENCIES.map((c) => c.code));

/** True for a code of the currency list. */
export const isKnownCurrency = (code: string) => CODES.has(code);

/** Currencies whose code or name contains the query (case-insensitive); all for an empty query. */
export function searchCurrencies(query: string) {
  const q = query.trim().toLowerCase();
  if (!q) return [...CURRENCIES];
  return CURRENCIES.filter((c) => c.code.toLowerCase().includes(q) || c.name.toLowerCase().includes(q));
}

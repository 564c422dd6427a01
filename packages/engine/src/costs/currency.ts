import { divHalfUp, scaled } from './money';
import type { SoeCostInput, SoeLevelKey, SoeLevelValues } from './types';

/** The currency of a level and its rate: units of `currency` per one unit of the SOE currency (null = missing). */
export interface LevelCurrency {
  /** The level whose currency setting applies (a level without its own currency has the one above's). */
  key: SoeLevelKey;
  label: string;
  currency: string;
  /** 1 for the SOE currency; null when the level is in another currency without a rate above 0. */
  exchangeRate: number | null;
}

/** Message naming a level whose amounts cannot be converted (design section 2). */
export function missingExchangeRateMessage(label: string, currency: string, soeCurrency: string): string {
  return `${label} is in ${currency} without an exchange rate: enter the ${currency} per 1 ${soeCurrency} (above 0) to convert its costs.`;
}

/** Thrown when an amount of a level in another currency than the SOE's has no rate above 0; never converts at 0. */
export class MissingExchangeRateError extends Error {
  readonly level: SoeLevelKey;
  readonly label: string;
  readonly currency: string;
  constructor(level: LevelCurrency, soeCurrency: string) {
    super(missingExchangeRateMessage(level.label, level.currency, soeCurrency));
    this.name = 'MissingExchangeRateError';
    this.level = level.key;
    this.label = level.label;
    this.currency = level.currency;
  }
}

/** The country (siteId 1) or site entry of a level, if the SOE has one. */
export function levelEntry(input: SoeCostInput, key: SoeLevelKey): SoeLevelValues | undefined {
  return input.levels.find((l) => l.siteGroupId === key.siteGroupId && l.siteId === key.siteId);
}

const validRate = (r: number | null | undefined): r is number =>
  typeof r === 'number' && Number.isFinite(r) && r > 0;

/**
 * Currency and rate of a level: its own currency, else the level above's (with its rate). The SOE currency has rate 1;
 * a level naming the same currency as the level above without a rate of its own uses the rate above.
 */
export function levelCurrency(input: SoeCostInput, key: SoeLevelKey): LevelCurrency {
  const soe = input.currency.toUpperCase();
  if (key.siteGroupId === 0) return { key, label: 'Study', currency: soe, exchangeRate: 1 };
  const entry = levelEntry(input, key);
  const above = levelCurrency(input, { siteGroupId: key.siteId === 1 ? 0 : key.siteGroupId, siteId: 1 });
  const label = entry?.label ?? (key.siteId === 1 ? `Site group ${key.siteGroupId}` : `Site ${key.siteId}`);
  const own = entry?.currency?.trim().toUpperCase();
  if (!own) return above;
  if (own === soe) return { key, label, currency: own, exchangeRate: 1 };
  if (validRate(entry?.exchangeRate)) return { key, label, currency: own, exchangeRate: entry.exchangeRate };
  return { key, label, currency: own, exchangeRate: own === above.currency ? above.exchangeRate : null };
}

/** Every level of the SOE whose amounts cannot be converted to the SOE currency (no rate above 0). */
export function missingExchangeRates(input: SoeCostInput): LevelCurrency[] {
  const out = new Map<string, LevelCurrency>();
  for (const l of input.levels) {
    const c = levelCurrency(input, { siteGroupId: l.siteGroupId, siteId: l.siteId });
    if (c.exchangeRate === null) out.set(`${c.key.siteGroupId}/${c.key.siteId}`, c);
  }
  return [...out.values()];
}

/** The rate of a level, or a MissingExchangeRateError naming it. */
function rateOf(level: LevelCurrency, soeCurrency: string): number {
  if (level.exchangeRate === null) throw new MissingExchangeRateError(level, soeCurrency);
  return level.exchangeRate;
}

/** An amount of a level in SOE-currency cents (amount / exchangeRate, unrounded); throws MissingExchangeRateError. */
export function toSoeCurrency(amountCents: number, level: LevelCurrency, soeCurrency: string): number {
  if (level.currency === soeCurrency.toUpperCase()) return amountCents;
  return amountCents / rateOf(level, soeCurrency);
}

/** Sub-cents per cent: amounts at a level are carried in 10^-4 cents, exact for rates of 4 decimals. */
export const SUB_CENTS = 10_000;

/**
 * Cents of `from`'s currency in `to`'s currency as integer sub-cents (10^-4 cents, SUB_CENTS), not rounded to the
 * cent: exact from the SOE currency or the same currency (rates have 4 decimals), else rounded half-up to the
 * sub-cent (at most 0.00005 cent per amount). 0 converts to 0 without a rate. Throws MissingExchangeRateError.
 */
export function convertSubCents(
  amountCents: number,
  from: LevelCurrency,
  to: LevelCurrency,
  soeCurrency: string,
): bigint {
  // Inputs are validated upstream; a non-finite amount counts 0 rather than poisoning the sums.
  const cents = BigInt(Number.isFinite(amountCents) ? Math.round(amountCents) : 0);
  if (from.currency === to.currency || cents === 0n) return cents * BigInt(SUB_CENTS);
  const fromRate = from.currency === soeCurrency.toUpperCase() ? 1 : rateOf(from, soeCurrency);
  const toRate = to.currency === soeCurrency.toUpperCase() ? 1 : rateOf(to, soeCurrency);
  return divHalfUp(cents * BigInt(SUB_CENTS) * scaled(toRate, 4), scaled(fromRate, 4));
}

/**
 * Integer cents of `from`'s currency in `to`'s currency (via the SOE currency, rates to 4 decimals, half-up); the
 * same currency code (or 0) converts 1:1 without needing a rate. Throws MissingExchangeRateError naming the level.
 */
export function convertCents(
  amountCents: number,
  from: LevelCurrency,
  to: LevelCurrency,
  soeCurrency: string,
): number {
  const cents = Math.round(amountCents);
  if (from.currency === to.currency || cents === 0) return cents;
  const fromRate = from.currency === soeCurrency.toUpperCase() ? 1 : rateOf(from, soeCurrency);
  const toRate = to.currency === soeCurrency.toUpperCase() ? 1 : rateOf(to, soeCurrency);
  return Number(divHalfUp(BigInt(cents) * scaled(toRate, 4), scaled(fromRate, 4)));
}

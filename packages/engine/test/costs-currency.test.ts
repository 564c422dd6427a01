import { describe, expect, it } from 'vitest';
import {
  MissingExchangeRateError,
  computeVisitTotals,
  convertCents,
  convertSubCents,
  levelCurrency,
  missingExchangeRates,
  toSoeCurrency,
} from '../src';
import { fra, site5, smallSoe } from './costs-fixtures';

const FRA = { siteGroupId: 1, siteId: 1 };
const SITE5 = { siteGroupId: 1, siteId: 5 };

/** The error thrown by `f`, or a failure when it does not throw. */
function thrown(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  throw new Error('expected an error');
}

describe('currency', () => {
  it('converts to the SOE currency as amount / exchangeRate (92 EUR = 100 USD at 0.92)', () => {
    const eur = levelCurrency(smallSoe(), FRA);
    expect(eur).toMatchObject({ currency: 'EUR', exchangeRate: 0.92, label: 'FRA' });
    expect(toSoeCurrency(9200, eur, 'USD')).toBeCloseTo(10000, 9);
  });

  it('a level in the SOE currency has rate 1, whatever rate was typed', () => {
    const input = smallSoe([fra({ currency: 'usd', exchangeRate: 0.5 })]);
    expect(levelCurrency(input, FRA)).toMatchObject({ currency: 'USD', exchangeRate: 1 });
    expect(toSoeCurrency(1234, levelCurrency(input, FRA), 'USD')).toBe(1234);
  });

  it('a level without its own currency uses the level above (currency and rate)', () => {
    expect(levelCurrency(smallSoe(), SITE5)).toMatchObject({ currency: 'EUR', exchangeRate: 0.92 });
    expect(levelCurrency(smallSoe([]), FRA)).toMatchObject({ currency: 'USD', exchangeRate: 1 });
    // The same currency as the country without a rate of its own takes the country's rate.
    expect(levelCurrency(smallSoe([fra(), site5({ currency: 'EUR' })]), SITE5).exchangeRate).toBe(0.92);
  });

  it('converts between two level currencies via the SOE currency, half-up cents', () => {
    const input = smallSoe([fra(), site5({ currency: 'GBP', exchangeRate: 0.79 })]);
    // 100.00 EUR = 108.6957 USD = 85.8696 GBP.
    expect(convertCents(10000, levelCurrency(input, FRA), levelCurrency(input, SITE5), 'USD')).toBe(8587);
  });

  it('a level in another currency without a rate above 0 is an error naming the level, never a silent 0', () => {
    for (const exchangeRate of [null, 0, -1]) {
      const input = smallSoe([fra({ label: 'DEU', exchangeRate }), site5()]);
      const e = thrown(() => computeVisitTotals(input, FRA));
      expect(e).toBeInstanceOf(MissingExchangeRateError);
      expect((e as MissingExchangeRateError).label).toBe('DEU');
      expect((e as MissingExchangeRateError).level).toEqual(FRA);
      expect((e as Error).message).toContain('DEU');
      expect((e as Error).message).toContain('EUR');
      // A site inheriting that currency reports the country, whose rate is missing; listed once.
      expect((thrown(() => computeVisitTotals(input, SITE5)) as MissingExchangeRateError).label).toBe('DEU');
      expect(missingExchangeRates(input).map((l) => l.label)).toEqual(['DEU']);
      expect(() => toSoeCurrency(0, levelCurrency(input, FRA), 'USD')).toThrow(MissingExchangeRateError);
    }
  });

  it('a site in its own currency without a rate is named itself', () => {
    const input = smallSoe([fra(), site5({ currency: 'CHF' })]);
    expect(missingExchangeRates(input).map((l) => [l.label, l.currency])).toEqual([['Site 1001', 'CHF']]);
    expect(() => computeVisitTotals(input, SITE5)).toThrow(/Site 1001/);
    expect(() => computeVisitTotals(input, FRA)).not.toThrow();
  });
});

describe('convertSubCents: inherited amounts converted without rounding to the cent', () => {
  it('is exact from the SOE currency (4-decimal rates) and keeps 10^-4 cents between two others', () => {
    const input = smallSoe([fra(), site5({ currency: 'GBP', exchangeRate: 0.79 })]);
    const usd = levelCurrency(input, { siteGroupId: 0, siteId: 1 });
    // 13.33 USD at 0.92 = 12.2636 EUR exactly (convertCents: 12.26).
    expect(convertSubCents(1333, usd, levelCurrency(input, FRA), 'USD')).toBe(12_263_600n);
    expect(convertCents(1333, usd, levelCurrency(input, FRA), 'USD')).toBe(1226);
    // 100.00 EUR = 85.869565... GBP: 85.8696 to the sub-cent.
    expect(convertSubCents(10000, levelCurrency(input, FRA), levelCurrency(input, SITE5), 'USD')).toBe(
      85_869_565n,
    );
  });
});

import fc from 'fast-check';
import type { z } from 'zod';

/**
 * A small zod 4 -> fast-check converter for the types the request schemas use. Each leaf is mostly a value the
 * schema accepts (ids from a pool of rows that exist, so requests reach the services) and sometimes a hostile one:
 * NUL, lone surrogates, huge or tiny numbers, ids past int4, wrong types. Objects sometimes lose a required key or
 * gain an extra one.
 */

/** A number written into the JSON text as it is (JSON.stringify cannot write 1e400, which parses as Infinity). */
export const rawNumber = (text: string) => `__RAW__${text}__`;
/** JSON.stringify with the raw numbers put in. */
export const toJsonText = (value: unknown) =>
  JSON.stringify(value)?.replace(/"__RAW__([^"]*?)__"/g, '$1') ?? '';

export const HOSTILE_TEXT: readonly string[] = [
  '\u0000',
  'plan\u0000name',
  '\uD800',
  'x\uDC00y',
  '\uDBFF\uDBFF',
  'end\uD83D',
  '\uFFFF\uFFFE',
  'a'.repeat(5_000),
  '',
  '   ',
  '%00',
  "'; select pg_sleep(0); --",
  '\\',
  '../../etc/passwd',
  '\u202Eevil',
  '😀'.repeat(10),
  '1e308',
  'NaN',
  '-0',
  'Infinity',
  '2147483648',
  '9e15',
  'null',
  '<script>alert(1)</script>',
  '=1+1',
];

export const HOSTILE_NUMBERS: readonly unknown[] = [
  1e21,
  1e308,
  -1e308,
  -0,
  2_147_483_648,
  -2_147_483_649,
  9e15,
  2 ** 53 + 2,
  -(2 ** 63),
  0.5,
  -1,
  5e-324,
  rawNumber('1e400'),
  rawNumber('-1e400'),
  rawNumber('1E+21'),
  'NaN',
  '1e21',
];

const WRONG_TYPES: readonly unknown[] = [null, true, false, [], {}, '1', 1, [1, 2], { a: 1 }];

/** Every hostile value: text, numbers and values of the wrong type. */
export const HOSTILE_VALUES: readonly unknown[] = [...HOSTILE_TEXT, ...HOSTILE_NUMBERS, ...WRONG_TYPES];
const hostile = fc.constantFrom<unknown>(...HOSTILE_VALUES);

/** Values by field name, so that ids and versions point at rows that exist. */
export type Pools = Record<string, readonly unknown[]>;

interface Options {
  pools: Pools;
  /** One in `hostileOneIn` leaves is hostile; null for values the schema accepts (up to the services' rules). */
  hostileOneIn: number | null;
}

type Def = { type: string; [key: string]: unknown };
type Schema = z.ZodType & { _zod: { def: Def } };

const def = (s: unknown) => (s as Schema)._zod.def;
const checks = (s: unknown) =>
  ((def(s).checks as { _zod: { def: Record<string, unknown> } }[] | undefined) ?? []).map((c) => c._zod.def);

function mixHostile(valid: fc.Arbitrary<unknown>, o: Options): fc.Arbitrary<unknown> {
  if (o.hostileOneIn === null) return valid;
  return fc.oneof({ weight: o.hostileOneIn - 1, arbitrary: valid }, { weight: 1, arbitrary: hostile });
}

function stringArbitrary(schema: unknown): fc.Arbitrary<unknown> {
  const s = schema as { minLength: number | null; maxLength: number | null };
  const min = s.minLength ?? 0;
  const max = Math.min(s.maxLength ?? 60, 60);
  const pattern = checks(schema).find((c) => c.format === 'regex')?.pattern as RegExp | undefined;
  if (pattern) return fc.stringMatching(pattern, { maxLength: max });
  if (min > max) return fc.string({ minLength: min, maxLength: min });
  return fc.oneof(
    fc.string({ minLength: min, maxLength: max }),
    fc.string({ minLength: min, maxLength: max, unit: 'binary' }),
    fc.constantFrom('*', 'a*', 'Plan A', 'PCN-1', 'Germany'),
  );
}

function numberArbitrary(schema: unknown): fc.Arbitrary<unknown> {
  const n = schema as { minValue: number | null; maxValue: number | null; isInt: boolean };
  const min = Math.max(n.minValue ?? -1e6, -1e6);
  const max = Math.min(n.maxValue ?? 1e6, 1e6);
  const edges = [n.minValue, n.maxValue].filter((v): v is number => v !== null && Number.isFinite(v));
  if (min > max) return fc.constant(min);
  const whole = (lo: number, hi: number) => fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) });
  const anywhere = n.isInt ? whole(min, max) : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  // Mostly small numbers, as real inputs are: the services' own ranges (days, rates, counts) take them.
  const lo = Math.max(min, 0);
  const hi = Math.min(max, 60);
  const small =
    lo > hi
      ? anywhere
      : n.isInt
        ? whole(lo, hi)
        : fc.oneof(whole(lo, hi), fc.double({ min: lo, max: Math.min(hi, 1), noNaN: true }));
  return fc.oneof(
    { weight: 4, arbitrary: small },
    { weight: 1, arbitrary: anywhere },
    ...(edges.length ? [{ weight: 1, arbitrary: fc.constantFrom(...edges) }] : []),
  );
}

function objectArbitrary(schema: unknown, o: Options): fc.Arbitrary<unknown> {
  const shape = def(schema).shape as Record<string, unknown>;
  const keys = Object.keys(shape);
  const record = fc.record(
    Object.fromEntries(keys.map((k) => [k, arbitraryFor(shape[k], o, k)])) as Record<
      string,
      fc.Arbitrary<unknown>
    >,
  );
  if (o.hostileOneIn === null) return record;
  const dropKey = fc
    .tuple(record, fc.nat())
    .map(([r, i]) => (keys.length ? omit(r, keys[i % keys.length]!) : r));
  const extraKey = fc
    .tuple(record, fc.constantFrom('extra', '__proto__', 'constructor', 'studyPlanId'), hostile)
    .map(([r, k, v]) => ({ ...r, [k]: v }));
  return fc.oneof(
    { weight: 2 * o.hostileOneIn, arbitrary: record },
    { weight: 1, arbitrary: dropKey },
    { weight: 1, arbitrary: extraKey },
  );
}

function omit(r: Record<string, unknown>, key: string) {
  const { [key]: _dropped, ...rest } = r;
  return rest;
}

/** An arbitrary of values for `schema`; `key` is the field name (for the id pools). */
export function arbitraryFor(schema: unknown, o: Options, key?: string): fc.Arbitrary<unknown> {
  const d = def(schema);
  const pool = key !== undefined ? o.pools[key] : undefined;
  const pooled = (valid: fc.Arbitrary<unknown>) =>
    pool?.length ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...pool) }, valid) : valid;
  switch (d.type) {
    case 'string':
      return mixHostile(pooled(stringArbitrary(schema)), o);
    case 'number':
    case 'int':
    case 'bigint':
      return mixHostile(pooled(numberArbitrary(schema)), o);
    case 'boolean':
      return mixHostile(fc.boolean(), o);
    case 'null':
      return fc.constant(null);
    case 'literal':
      return mixHostile(fc.constantFrom(...(d.values as unknown[])), o);
    case 'enum':
      return mixHostile(fc.constantFrom(...Object.values(d.entries as Record<string, unknown>)), o);
    case 'object':
      return objectArbitrary(schema, o);
    case 'array': {
      const c = checks(schema);
      const min = (c.find((x) => x.check === 'min_length')?.minimum as number | undefined) ?? 0;
      const max = Math.min(
        (c.find((x) => x.check === 'max_length')?.maximum as number) ?? 4,
        Math.max(min, 4),
      );
      const element = arbitraryFor(d.element, o, key);
      return mixHostile(fc.array(element, { minLength: min, maxLength: max }), o);
    }
    case 'optional':
      return fc.oneof({ weight: 3, arbitrary: arbitraryFor(d.innerType, o, key) }, fc.constant(undefined));
    case 'nullable':
      return fc.oneof({ weight: 3, arbitrary: arbitraryFor(d.innerType, o, key) }, fc.constant(null));
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return fc.oneof({ weight: 3, arbitrary: arbitraryFor(d.innerType, o, key) }, fc.constant(undefined));
    case 'union':
      return fc.oneof(...(d.options as unknown[]).map((option) => arbitraryFor(option, o, key)));
    case 'pipe':
      // z.preprocess puts a transform first: generate what the target accepts; .transform() comes second.
      return def(d.in).type === 'transform' ? arbitraryFor(d.out, o, key) : arbitraryFor(d.in, o, key);
    case 'lazy':
      return arbitraryFor((d.getter as () => unknown)(), o, key);
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 10 }), arbitraryFor(d.valueType, o), { maxKeys: 4 });
    default:
      return fc.oneof(fc.jsonValue({ maxDepth: 2 }), hostile);
  }
}

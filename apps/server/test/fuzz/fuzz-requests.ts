import fc from 'fast-check';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { z } from 'zod';
import {
  arbitraryFor,
  HOSTILE_NUMBERS,
  HOSTILE_TEXT,
  HOSTILE_VALUES,
  toJsonText,
  type Pools,
} from './zod-arbitrary';

/** Cases per route: FUZZ_RUNS (npm run fuzz sets 2000), 60 in the normal test run (a new seed each run; the fixed
 * hostile cases are in hostile-input.test.ts), which keeps the PGlite pass of `npm test` within the CI budget. */
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 60);
/** FUZZ_SEED replays a run (the failure message prints the seed). */
export const FUZZ_SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 2 ** 31;

/** Routes not fuzzed, with the reason. */
export const SKIPPED: Record<string, string> = {
  'GET /ctpo/docs/static/*': 'static files of the API docs page; no input',
  '* /ctpo/oidc/*':
    "the built-in identity provider (oidc-provider's own protocol endpoints); sign-in is item 3",
  'GET /ctpo/auth/login': 'sign-in redirect to the identity provider',
  'GET /ctpo/auth/callback':
    'sign-in redirect back from the identity provider (needs a live authorization code)',
  'GET /ctpo/auth/logout': 'sign-out redirect',
  'GET /ctpo/oidc/interaction/:uid': "the built-in provider's sign-in page (needs a live interaction)",
  'POST /ctpo/oidc/interaction/:uid': "the built-in provider's sign-in form (needs a live interaction)",
};

export interface FuzzRoute {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
}

export function fuzzedRoutes(app: FastifyInstance): FuzzRoute[] {
  return app.routeInventory
    .filter((r) => !SKIPPED[`${r.method} ${r.url}`] && !SKIPPED[`* ${r.url}`])
    .map(({ method, url, schema }) => ({ method, url, schema }));
}

export interface FuzzRequest {
  role: 'planner' | 'admin';
  params: Record<string, unknown>;
  query: Record<string, unknown> | undefined;
  /** The JSON text sent, or undefined for no body. */
  payload: string | undefined;
}

/** Bodies that are not the schema's shape at all. */
const MALFORMED_BODIES = ['not json', '{"a":', '[]', '"text"', 'null', '{"__proto__":{"admin":true}}', '{}'];

const isZod = (s: unknown): s is z.ZodType => s instanceof z.ZodType;

interface Parts {
  params: Record<string, unknown>;
  query: Record<string, unknown> | undefined;
  body: unknown;
}

/** Path params, query and body of a route from its zod schemas (or hostile text where a route has none). */
function partsArbitrary(route: FuzzRoute, pools: Pools, hostileOneIn: number | null): fc.Arbitrary<Parts> {
  const s = route.schema ?? {};
  const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const o = { pools, hostileOneIn };
  const params = isZod(s.params)
    ? arbitraryFor(s.params, o)
    : fc.record(Object.fromEntries(names.map((n) => [n, fc.constantFrom(...HOSTILE_TEXT)])));
  const query = isZod(s.querystring)
    ? arbitraryFor(s.querystring, o)
    : fc.option(fc.dictionary(fc.constantFrom('q', 'page', 'code'), fc.constantFrom(...HOSTILE_TEXT)), {
        nil: undefined,
      });
  const body = isZod(s.body) ? arbitraryFor(s.body, o) : fc.constant(undefined);
  return fc.record({ params, query, body }) as fc.Arbitrary<Parts>;
}

type Path = (string | number)[];

/** Every node below the root of a JSON-like value, as paths. */
function nodePaths(value: unknown, path: Path = []): Path[] {
  if (value === null || typeof value !== 'object') return path.length ? [path] : [];
  const children = Array.isArray(value)
    ? value.flatMap((v, i) => nodePaths(v, [...path, i]))
    : Object.entries(value).flatMap(([k, v]) => (v === undefined ? [] : nodePaths(v, [...path, k])));
  return path.length ? [path, ...children] : children;
}

/** A copy of `root` with the node at `path` replaced (or removed when `replacement` is DROP). */
const DROP = Symbol('drop');
function setAt(root: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement === DROP ? undefined : replacement;
  const [head, ...rest] = path;
  if (Array.isArray(root)) {
    // Extra keys go on objects only (an array with a 'constructor' key is not JSON).
    if (typeof head !== 'number') return root;
    const copy = [...root];
    if (rest.length === 0 && replacement === DROP) copy.splice(head as number, 1);
    else copy[head as number] = setAt(copy[head as number], rest, replacement);
    return copy;
  }
  const copy = { ...(root as Record<string, unknown>) };
  if (rest.length === 0 && replacement === DROP) delete copy[head as string];
  else copy[head as string] = setAt(copy[head as string], rest, replacement);
  return copy;
}

/** One to three changes of a valid request: a hostile value of the leaf's type or any, a missing or extra field. */
const mutation = fc.record({
  pick: fc.nat(),
  value: fc.nat(),
  kind: fc.constantFrom('typed', 'typed', 'typed', 'any', 'drop', 'extra'),
});
type Mutation = { pick: number; value: number; kind: string };

function getAt(root: unknown, path: Path): unknown {
  return path.reduce<unknown>((v, k) => (v as Record<string | number, unknown> | undefined)?.[k], root);
}

function hostileFor(current: unknown, { value, kind }: Mutation): unknown {
  const from = (list: readonly unknown[]) => list[value % list.length];
  if (kind === 'typed' && typeof current === 'string') return from(HOSTILE_TEXT);
  if (kind === 'typed' && typeof current === 'number') return from(HOSTILE_NUMBERS);
  return from(HOSTILE_VALUES);
}

function mutate(parts: Parts, mutations: Mutation[]): Parts {
  let value: unknown = parts;
  for (const m of mutations) {
    const paths = nodePaths(value);
    if (paths.length === 0) break;
    const path = paths[m.pick % paths.length]!;
    if (m.kind === 'drop') value = setAt(value, path, DROP);
    else if (m.kind === 'extra')
      value = setAt(
        value,
        [...path.slice(0, -1), ['extra', '__proto__', 'constructor'][m.value % 3]!],
        hostileFor(null, m),
      );
    else value = setAt(value, path, hostileFor(getAt(value, path), m));
  }
  return value as Parts;
}

/** A request known to be valid (from the fixtures), for the fuzz to change. */
export interface Example {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
}

/**
 * Requests for one route, as planner or admin: valid ones (from the schemas, or the route's examples, which reach
 * the services' deepest paths), valid ones with one to three hostile changes (mostly one, so that the rest gets
 * past the rules and a bad value reaches the database if the schemas let it), ones with hostile values anywhere,
 * and bodies that are not the schema's shape at all.
 */
export function requestArbitrary(
  route: FuzzRoute,
  pools: Pools,
  examples: Example[] = [],
): fc.Arbitrary<FuzzRequest> {
  const fromSchemas = partsArbitrary(route, pools, null);
  const valid = examples.length
    ? fc.oneof(
        fromSchemas,
        fc
          .constantFrom(...examples)
          .map((e) => ({ params: e.params ?? {}, query: e.query, body: e.body }) as Parts),
      )
    : fromSchemas;
  const parts = fc.oneof(
    { weight: 2, arbitrary: valid },
    {
      weight: 6,
      arbitrary: fc
        .tuple(valid, fc.array(mutation, { minLength: 1, maxLength: 3 }))
        .map(([p, m]) => mutate(p, m)),
    },
    { weight: 2, arbitrary: partsArbitrary(route, pools, 4) },
  );
  const hasBody = isZod(route.schema?.body);
  return fc
    .record({
      role: fc.constantFrom('planner' as const, 'admin' as const),
      parts,
      // One body in 20 is not JSON or not the shape at all.
      malformed: hasBody
        ? fc.oneof({ weight: 19, arbitrary: fc.constant(null) }, fc.constantFrom(...MALFORMED_BODIES))
        : fc.constant(null),
    })
    .map(({ role, parts: p, malformed }) => ({
      role,
      params: asRecord(p.params),
      query: p.query === undefined ? undefined : asRecord(p.query),
      payload: malformed ?? (hasBody && p.body !== undefined ? toJsonText(p.body) : undefined),
    }));
}

const asRecord = (v: unknown): Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : { value: v };

/** Percent-encodes text as UTF-8; a lone surrogate becomes its 3 bytes (what a careless client would send). */
export function encodeText(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const cu = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (cu >= 0xd800 && cu <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i++;
    } else if (cu >= 0xd800 && cu <= 0xdfff) {
      out += [0xe0 | (cu >> 12), 0x80 | ((cu >> 6) & 0x3f), 0x80 | (cu & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(text[i]!);
    }
  }
  return out;
}

const asText = (v: unknown) => (typeof v === 'string' ? v : v === undefined ? '' : toJsonText(v));

export function requestUrl(route: FuzzRoute, req: FuzzRequest): string {
  const path = route.url
    .split('/')
    .map((seg) => (seg.startsWith(':') ? encodeText(asText(req.params[seg.slice(1)])) : encodeText(seg)))
    .join('/');
  const query = Object.entries(req.query ?? {})
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${encodeText(k)}=${encodeText(asText(v))}`)
    .join('&');
  return query ? `${path}?${query}` : path;
}

/** A stack frame or a source path in an answer: the server told more than it should. */
const STACK_TRACE = /\n\s+at \S|\bat [^\s()]+ \(|(?:file:\/\/|\/)[\w.@/-]+\.(?:ts|js|mjs|cjs):\d+/;
export const hasStackTrace = (body: string) => STACK_TRACE.test(body);

export const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

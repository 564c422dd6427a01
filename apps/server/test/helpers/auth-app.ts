import { createServer } from 'node:net';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { registerAuth, type AuthRuntime } from '../../src/auth';
import { loadEnv } from '../../src/env';

export interface AuthTestApp {
  app: FastifyInstance;
  auth: AuthRuntime;
  publicUrl: string;
  close(): Promise<void>;
}

/** A free TCP port on localhost (for apps whose PUBLIC_URL must be known before they listen). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * A small Fastify app with only the auth module and a few dummy routes, one per access level; it does not depend
 * on the rest of the server. `listen` starts it on PUBLIC_URL's port for tests that drive a browser-like flow.
 */
export async function createAuthTestApp(
  options: { env?: Record<string, string>; listen?: boolean } = {},
): Promise<AuthTestApp> {
  const port = options.listen ? await freePort() : 8080;
  const publicUrl = options.env?.PUBLIC_URL ?? `http://localhost:${port}`;
  const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: 'memory', PUBLIC_URL: publicUrl, ...options.env });
  const app = Fastify({ trustProxy: true });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(swagger, {
    openapi: { info: { title: 'auth test', version: '0' } },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });

  const auth = await registerAuth(app, { env, publicUrl });

  const me = (request: { user: unknown }) => ({ user: request.user });
  app.get('/ctpo/test/user', async (request) => me(request));
  app.post('/ctpo/test/user', async (request) => me(request));
  app.get('/ctpo/test/editor', { config: { access: 'editor' } }, async (request) => me(request));
  app.post('/ctpo/test/editor', { config: { access: 'editor' } }, async (request) => me(request));
  app.get('/ctpo/test/admin', { config: { access: 'admin' } }, async (request) => me(request));
  app.get('/ctpo/test/public', { config: { access: 'public' } }, async (request) => me(request));
  app.get('/ctpo/health', async () => ({ status: 'ok' }));
  app.get('/outside', async (request) => me(request));

  if (options.listen) await app.listen({ port, host: '127.0.0.1' });
  else await app.ready();
  return {
    app,
    auth,
    publicUrl,
    async close() {
      await app.close();
      await auth.close();
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A minimal cookie jar for driving the sign-in flow with fetch (one host, paths ignored). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attributes.some((a) => {
        const [k, v] = a.trim().split('=');
        const key = k!.toLowerCase();
        return (
          (key === 'max-age' && Number(v) <= 0) || (key === 'expires' && Date.parse(v ?? '') <= Date.now())
        );
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** Fetch without following redirects, sending and storing cookies. */
export async function browse(
  jar: CookieJar,
  url: string,
  init: { method?: string; form?: Record<string, string> } = {},
): Promise<Response> {
  const response = await fetch(url, {
    method: init.method ?? (init.form ? 'POST' : 'GET'),
    redirect: 'manual',
    headers: {
      cookie: jar.header(),
      ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    body: init.form ? new URLSearchParams(init.form).toString() : undefined,
  });
  jar.store(response);
  return response;
}

/** Follows redirects (resolving relative Locations) until a non-redirect answer or `stopAt` is reached. */
export async function follow(
  jar: CookieJar,
  start: Response,
  base: string,
  stopAt?: (url: URL) => boolean,
): Promise<{ response: Response; url: URL; hops: URL[] }> {
  let response = start;
  let url = new URL(base);
  const hops: URL[] = [];
  for (let i = 0; i < 20 && response.status >= 300 && response.status < 400; i++) {
    url = new URL(response.headers.get('location')!, url);
    hops.push(url);
    if (stopAt?.(url)) return { response, url, hops };
    response = await browse(jar, url.href);
  }
  return { response, url, hops };
}

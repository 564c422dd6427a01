import { describe, expect, it } from 'vitest';
import {
  chooseIdentityProvider,
  IdentityConfigError,
  isLoopbackHost,
  type IdentitySettings,
} from '../src/auth/demo-policy';
import { ConfigError, loadEnv } from '../src/env';

describe('isLoopbackHost', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    'localhost',
    'LOCALHOST',
    '::1',
    '[::1]',
    '0:0:0:0:0:0:0:1',
    '::ffff:127.0.0.1',
  ])('%s is loopback', (host) => expect(isLoopbackHost(host)).toBe(true));

  it.each([
    '0.0.0.0',
    '::',
    '',
    '10.0.0.5',
    '192.168.1.10',
    '128.0.0.1',
    '::2',
    '1::1',
    'example.com',
    'localhost.example.com',
    '::ffff:10.0.0.1',
  ])('%s is not loopback', (host) => expect(isLoopbackHost(host)).toBe(false));
});

describe('chooseIdentityProvider', () => {
  const settings = (s: Partial<IdentitySettings>): IdentitySettings => ({
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    DEMO_USERS: 'auto',
    ...s,
  });
  const refusal = (s: Partial<IdentitySettings>) => {
    try {
      chooseIdentityProvider(settings(s));
    } catch (error) {
      expect(error).toBeInstanceOf(IdentityConfigError);
      return (error as Error).message;
    }
    throw new Error('expected a refusal');
  };

  it('runs the demo users on a loopback address without a warning', () => {
    expect(chooseIdentityProvider(settings({}))).toEqual({ provider: 'built-in' });
    expect(chooseIdentityProvider(settings({ HOST: '::1', DEMO_USERS: 'on' }))).toEqual({
      provider: 'built-in',
    });
  });

  it('refuses the demo users on a network address unless DEMO_USERS=on, and says how to configure', () => {
    const message = refusal({ HOST: '0.0.0.0' });
    expect(message).toContain('HOST=0.0.0.0');
    expect(message).toContain('OIDC_ISSUER');
    expect(message).toContain('DEMO_USERS=on');
    expect(message).toContain('HOST=127.0.0.1');
  });

  it('runs them on a network address with DEMO_USERS=on, with a warning', () => {
    const choice = chooseIdentityProvider(settings({ HOST: '0.0.0.0', DEMO_USERS: 'on' }));
    expect(choice.provider).toBe('built-in');
    expect(choice.provider === 'built-in' && choice.warning).toMatch(
      /WARNING.*HOST=0\.0\.0\.0.*other machines/s,
    );
  });

  it('refuses DEMO_USERS=off without an issuer, even on loopback', () => {
    const message = refusal({ DEMO_USERS: 'off' });
    expect(message).toContain('DEMO_USERS=off');
    expect(message).toContain('OIDC_ISSUER');
  });

  it.each([
    { HOST: '127.0.0.1', DEMO_USERS: 'auto' },
    { HOST: '0.0.0.0', DEMO_USERS: 'on' },
    { HOST: 'localhost', DEMO_USERS: 'on' },
  ] as const)('refuses NODE_ENV=production with the demo users (%o)', (s) => {
    const message = refusal({ ...s, NODE_ENV: 'production' });
    expect(message).toContain('NODE_ENV=production');
    expect(message).toContain(`DEMO_USERS=${s.DEMO_USERS}`);
    expect(message).toContain('OIDC_ISSUER');
  });

  it('uses the external provider wherever it is configured, production included', () => {
    const issuer = 'https://idp.example.com';
    for (const s of [{ HOST: '0.0.0.0' }, { NODE_ENV: 'production' }, { DEMO_USERS: 'off' as const }]) {
      expect(chooseIdentityProvider(settings({ ...s, OIDC_ISSUER: issuer }))).toEqual({
        provider: 'external',
        issuer,
      });
    }
    expect(refusal({ OIDC_ISSUER: issuer, DEMO_USERS: 'on' })).toContain('DEMO_USERS=on and OIDC_ISSUER');
  });
});

describe('loadEnv: HOST, DEMO_USERS and TRUST_PROXY', () => {
  it('listens on loopback, with DEMO_USERS=auto and no proxy trusted, by default', () => {
    const env = loadEnv({});
    expect(env.HOST).toBe('127.0.0.1');
    expect(env.DEMO_USERS).toBe('auto');
    expect(env.TRUST_PROXY).toBe(false);
  });

  it.each([
    ['on', 'on'],
    ['true', 'on'],
    ['off', 'off'],
    ['0', 'off'],
    ['auto', 'auto'],
  ])('reads DEMO_USERS=%s as %s', (value, expected) => {
    expect(loadEnv({ DEMO_USERS: value }).DEMO_USERS).toBe(expected);
  });

  it.each([
    ['off', false],
    ['', false],
    ['127.0.0.1', ['127.0.0.1']],
    [
      ' 10.0.0.5 , 10.1.0.0/16,::1,fd00::/8, loopback ',
      ['10.0.0.5', '10.1.0.0/16', '::1', 'fd00::/8', 'loopback'],
    ],
  ])('reads TRUST_PROXY=%j', (value, expected) => {
    expect(loadEnv({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it.each(['true', '1', '2', '10.0.0.300', '10.0.0.0/33', 'proxy.example.com', '10.0.0.1/8/1', ','])(
    'refuses TRUST_PROXY=%s, naming the setting',
    (value) => {
      expect(() => loadEnv({ TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => loadEnv({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: expected off, or the proxies/);
    },
  );

  it('refuses an unknown DEMO_USERS value and an empty HOST', () => {
    expect(() => loadEnv({ DEMO_USERS: 'maybe' })).toThrow(/DEMO_USERS/);
    expect(() => loadEnv({ HOST: ' ' })).toThrow(/HOST/);
  });
});

import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { ENGINE_VERSION } from '../src';

it('ENGINE_VERSION names the package and its version', () => {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    name: string;
    version: string;
  };
  expect(ENGINE_VERSION).toBe(`${pkg.name}@${pkg.version}`);
});

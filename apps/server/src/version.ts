import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SERVER_DIR } from './server-files';

const pkg = JSON.parse(readFileSync(path.join(SERVER_DIR, '..', '..', 'package.json'), 'utf8')) as {
  version: string;
};

/** The product version, from the root package.json. */
export const APP_VERSION = pkg.version;

import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server's folder (apps/server). This file sits one level below it in the sources (src/) and, bundled, so
 * does the build (dist/server.mjs), so one '..' finds it either way: the migrations, the role grants and the web
 * build are found from here, not from each module's own place (which the bundle does not keep).
 */
export const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** True in the build (`npm start`: dist/*.mjs, plain JavaScript); false under tsx and vitest (the sources). */
export const RUNNING_BUILD = import.meta.url.endsWith('.mjs');

/**
 * The engine's identity, recorded with each simulation run so its results can be traced to the engine that
 * computed them. Kept equal to package.json's version by test/version.test.ts (the engine reads no files).
 */
export const ENGINE_VERSION = '@predict/engine@0.1.0';

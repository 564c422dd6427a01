import fs from 'node:fs';
import path from 'node:path';

/**
 * Web features must form layers: if feature A imports feature B, nothing in B may reach A again. import-x/no-cycle
 * looks at files, so two features importing each other's different files pass it; this rule looks at features.
 * Type-only imports count here (a feature using another's types depends on it); test files do not (tests may
 * compose several features).
 */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g;
const isTest = (file) => /\.test\.tsx?$/.test(file) || file.split(path.sep).includes('test');

function featureOf(featuresDir, file) {
  const rel = path.relative(featuresDir, file);
  return rel.startsWith('..') || path.isAbsolute(rel) ? null : rel.split(path.sep)[0];
}

/** The feature an import specifier points into, or null (another part of the app, a package). */
function targetFeature(featuresDir, srcDir, file, specifier) {
  if (specifier.startsWith('@/')) return featureOf(featuresDir, path.join(srcDir, specifier.slice(2)));
  if (specifier.startsWith('.')) return featureOf(featuresDir, path.resolve(path.dirname(file), specifier));
  return null;
}

function listFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return listFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** feature -> set of features it imports, from every non-test file, read once per lint run. */
const graphs = new Map();
function featureGraph(featuresDir, srcDir) {
  const cached = graphs.get(featuresDir);
  if (cached) return cached;
  const graph = new Map();
  for (const file of listFiles(featuresDir)) {
    if (isTest(file)) continue;
    const from = featureOf(featuresDir, file);
    const edges = graph.get(from) ?? new Set();
    graph.set(from, edges);
    for (const [, specifier] of fs.readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const to = targetFeature(featuresDir, srcDir, file, specifier);
      if (to && to !== from) edges.add(to);
    }
  }
  graphs.set(featuresDir, graph);
  return graph;
}

/** A path of features from `start` to `goal`, or null. */
function findPath(graph, start, goal) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    if (node === goal) {
      const route = [];
      for (let at = node; at !== null; at = previous.get(at)) route.unshift(at);
      return route;
    }
    for (const next of graph.get(node) ?? []) {
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return null;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles between web features (folders under src/features).' },
    schema: [{ type: 'object', properties: { srcDir: { type: 'string' } }, additionalProperties: false }],
    messages: {
      cycle: 'Feature cycle: {{route}}. Move what both need into a lower feature (or lib/components).',
    },
  },
  create(context) {
    const srcDir = path.resolve(context.cwd, context.options[0]?.srcDir ?? 'apps/web/src');
    const featuresDir = path.join(srcDir, 'features');
    const file = context.physicalFilename;
    const from = featureOf(featuresDir, file);
    if (!from || isTest(file)) return {};
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string') return;
      const to = targetFeature(featuresDir, srcDir, file, specifier);
      if (!to || to === from) return;
      const back = findPath(featureGraph(featuresDir, srcDir), to, from);
      if (back)
        context.report({
          node: node.source,
          messageId: 'cycle',
          data: { route: [from, ...back].join(' -> ') },
        });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

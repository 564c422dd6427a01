// Lint (eslint + prettier), the boundary rules' self-test and typecheck side by side.
import { runAll } from './run-prefixed.mjs';

await runAll([
  { name: 'lint', command: 'npm', args: ['run', '-s', 'lint'] },
  { name: 'lint boundaries', command: 'node', args: ['scripts/lint-boundaries.mjs'] },
  { name: 'typecheck', command: 'npm', args: ['run', '-s', 'typecheck'] },
]);

// Lint (eslint + prettier) and typecheck side by side: each uses about one core.
import { runAll } from './run-prefixed.mjs';

await runAll([
  { name: 'lint', command: 'npm', args: ['run', '-s', 'lint'] },
  { name: 'typecheck', command: 'npm', args: ['run', '-s', 'typecheck'] },
]);

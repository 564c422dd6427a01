// Runs commands side by side, each line of output prefixed with the command's name; resolves to the exit codes.
// Used where the commands mostly wait (the two database passes) or use one core each (lint, typecheck) on CI's
// two cores.
import { spawn } from 'node:child_process';
import readline from 'node:readline';
import { childEnv } from './env.mjs';

/** Runs one command with its output prefixed by `[name]`; resolves to its exit code. */
export function runPrefixed({ name, command, args, env = {} }) {
  console.log(`== ${name}: started ==`);
  const started = Date.now();
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: childEnv(env) });
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on('line', (line) => console.log(`[${name}] ${line}`));
  }
  return new Promise((resolve) =>
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      console.log(`== ${name}: ${code === 0 ? 'passed' : 'FAILED'} in ${seconds} s ==`);
      resolve(code ?? 1);
    }),
  );
}

/** Runs every command at once and exits with the first failing one's code (0 when all pass). */
export async function runAll(commands) {
  const codes = await Promise.all(commands.map(runPrefixed));
  process.exit(codes.find((code) => code !== 0) ?? 0);
}

// Runs commands at once, each one's output printed whole when it ends (never interleaved), then
// the time of each; resolves to the exit code for the run: 0 only when every command succeeded.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';

/** @param {{ name: string, command: string, args: string[], cwd: string }[]} jobs */
export async function runSideBySide(jobs) {
  const results = await Promise.all(jobs.map(runBuffered));
  for (const { name, code, seconds } of results) {
    console.log(`${String(seconds).padStart(4)} s  ${name}${code === 0 ? '' : '  FAILED'}`);
  }
  return results.some((result) => result.code !== 0) ? 1 : 0;
}

function runBuffered({ name, command, args, cwd }) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' },
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      process.stdout.write(Buffer.concat(output));
      console.log(`== ${name}: ${code === 0 ? 'ok' : 'FAILED'} in ${seconds} s\n`);
      resolve({ name, code, seconds });
    });
  });
}

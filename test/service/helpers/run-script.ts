/** Runs a TypeScript file of the tests in a child Node process (through tsx), as a second process would. */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const tsxLoader = import.meta.resolve('tsx');

export function runScript(file: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const path = fileURLToPath(new URL(`../${file}`, import.meta.url));
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', tsxLoader, path, ...args], (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

/** The pid of a process that has exited: a stale lock's holder. */
export function deadPid(): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, ['-e', '']);
    child.on('error', reject);
    child.on('exit', () => (child.pid === undefined ? reject(new Error('the child process got no pid')) : resolve(child.pid)));
  });
}

/** Child-process side of run-jq-bounded.ts: runs one program on one input, prints the outcome as JSON. */
import { compileJqInProcess, JqRuntimeError } from '../../../src/jq/index.js';

const [program, inputText, limitsText] = process.argv.slice(2);
try {
  const outputs = compileJqInProcess(program!, JSON.parse(limitsText!)).runSync(JSON.parse(inputText!));
  process.stdout.write(JSON.stringify({ outputs }));
} catch (error) {
  const name = error instanceof Error ? error.name : 'unknown';
  const limit = error instanceof JqRuntimeError ? error.limit : undefined;
  process.stdout.write(JSON.stringify({ error: { name, message: error instanceof Error ? error.message : String(error), limit } }));
}

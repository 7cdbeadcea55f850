/**
 * Loads a shipped spec for a contract test the way the product does: through the toolchain's
 * `compileSpecText` (schema and semantic validation, defaults filled in).
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { compileSpecText } from '../../../src/compiler/index.js';
import type { CompiledConnector } from '../../../src/connector.js';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** `file` is repository-relative, e.g. `specs/prebuilt/incident-platform.yaml`. */
export async function loadSpec(file: string): Promise<CompiledConnector> {
  const text = await readFile(`${REPO_ROOT}${file}`, 'utf8');
  return compileSpecText({ text, file });
}

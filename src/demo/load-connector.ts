/**
 * The demo's connector: the compiled module in `generated/` when `connector compile` has produced
 * it, else the spec compiled at start (so the demo also runs on a fresh checkout).
 */
import { readFile } from 'node:fs/promises';
import type { CompiledConnector } from '../connector.js';
import { compileSpecText } from '../compiler/index.js';
import { PACKAGE_ROOT } from '../package-root.js';

export const SPEC_FILE = 'specs/prebuilt/incident-platform.yaml';

export interface LoadedConnector {
  connector: CompiledConnector;
  /** `generated/index.ts` or the spec file, for the banner. */
  from: string;
}

/** Module holding the compiled connectors; it exists only after `connector compile`. */
export const GENERATED_MODULE = '../../generated/index.js';

async function loadGenerated(modulePath: string): Promise<CompiledConnector | undefined> {
  try {
    const generated = (await import(modulePath)) as { connectors?: Record<string, CompiledConnector> };
    return generated.connectors?.['incident-platform'];
  } catch {
    return undefined;
  }
}

/** `generatedModule` is relative to this file; tests point it elsewhere to exercise the fallback. */
export async function loadIncidentPlatformConnector(generatedModule = GENERATED_MODULE): Promise<LoadedConnector> {
  const generated = await loadGenerated(generatedModule);
  if (generated !== undefined) return { connector: generated, from: 'generated/index.ts' };
  const text = await readFile(`${PACKAGE_ROOT}${SPEC_FILE}`, 'utf8');
  return { connector: await compileSpecText({ text, file: SPEC_FILE }), from: SPEC_FILE };
}

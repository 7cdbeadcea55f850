/** Load + compile in one call, for callers holding a path (e.g. a customer's spec given to `connector run`). */
import type { CompiledConnector } from '../connector.js';
import { compileSpecText } from './compile.js';
import { hasErrors, SpecValidationError } from './diagnostic.js';
import { loadSpecFile } from './load-spec.js';

/** Throws SpecValidationError with the diagnostics when the file is unreadable or the spec invalid. */
export async function compileSpecFile(path: string): Promise<CompiledConnector> {
  const source = await loadSpecFile(path);
  if (source.text === undefined || hasErrors(source.diagnostics)) throw new SpecValidationError(source.diagnostics);
  return compileSpecText({ text: source.text, file: source.file });
}

/**
 * Stage 1, load: the only file I/O of the compiler. Reads spec files as text and refuses files
 * that cannot be specs (too large, binary, not UTF-8) with a diagnostic instead of an exception.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { compareText, type Diagnostic } from './diagnostic.js';

/** Specs are a few KB; anything beyond this is a mistake (or an attack), not a spec. */
export const MAX_SPEC_BYTES = 1024 * 1024;

export interface SpecSource {
  /** The path as given, used in every diagnostic. */
  file: string;
  /** The text, when the file could be read as a spec. */
  text?: string;
  diagnostics: Diagnostic[];
}

function fileDiagnostic(file: string, code: string, message: string, hint: string): Diagnostic {
  return { code, severity: 'error', file, line: 1, column: 1, pointer: '', message, hint };
}

/** Checks text handed to the compiler directly (a customer's spec at run time) the same way as a file. */
export function checkSpecText(text: string, file: string): Diagnostic[] {
  if (text.length > MAX_SPEC_BYTES) {
    return [
      fileDiagnostic(
        file,
        'SPEC_FILE_TOO_LARGE',
        `the spec is ${text.length} characters; the limit is ${MAX_SPEC_BYTES}`,
        'a spec is a few kilobytes of YAML; check that this is the right file',
      ),
    ];
  }
  if (text.includes('\u0000')) {
    return [
      fileDiagnostic(file, 'SPEC_BINARY_FILE', 'the spec contains NUL bytes, so it is a binary file, not YAML', 'give the path of a YAML spec file (.yaml)'),
    ];
  }
  return [];
}

/**
 * Reads one spec file. Never throws: a missing or unreadable file is a diagnostic too.
 * `options.file` is the name used in diagnostics (default: the path itself).
 */
export async function loadSpecFile(path: string, options: { file?: string } = {}): Promise<SpecSource> {
  const file = (options.file ?? path).split(sep).join('/');
  try {
    const info = await stat(path);
    if (!info.isFile()) {
      return { file, diagnostics: [fileDiagnostic(file, 'SPEC_FILE_UNREADABLE', 'not a regular file', 'give the path of a YAML spec file')] };
    }
    if (info.size > MAX_SPEC_BYTES) {
      return {
        file,
        diagnostics: [
          fileDiagnostic(
            file,
            'SPEC_FILE_TOO_LARGE',
            `the file is ${info.size} bytes; the limit is ${MAX_SPEC_BYTES}`,
            'a spec is a few kilobytes of YAML; check that this is the right file',
          ),
        ],
      };
    }
    const bytes = await readFile(path);
    if (bytes.subarray(0, 8192).includes(0)) {
      return {
        file,
        diagnostics: [
          fileDiagnostic(
            file,
            'SPEC_BINARY_FILE',
            'the file contains NUL bytes, so it is a binary file, not YAML',
            'give the path of a YAML spec file (.yaml)',
          ),
        ],
      };
    }
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      return { file, diagnostics: [fileDiagnostic(file, 'SPEC_BINARY_FILE', 'the file is not valid UTF-8 text', 'save the spec as UTF-8')] };
    }
    return { file, text, diagnostics: checkSpecText(text, file) };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'EIO';
    return { file, diagnostics: [fileDiagnostic(file, 'SPEC_FILE_UNREADABLE', `cannot read the file (${code})`, 'check the path and its permissions')] };
  }
}

/** Spec files under the given paths: files as given, directories recursed for *.yaml and *.yml, sorted. */
export async function findSpecFiles(paths: readonly string[]): Promise<{ files: string[]; missing: string[] }> {
  const files: string[] = [];
  const missing: string[] = [];
  for (const path of paths) {
    let info;
    try {
      info = await stat(path);
    } catch {
      missing.push(path);
      continue;
    }
    if (info.isDirectory()) files.push(...(await listYamlFiles(path)));
    else files.push(path);
  }
  return { files: [...new Set(files)], missing };
}

async function listYamlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && /\.ya?ml$/u.test(e.name))
    .map((e) => join(e.parentPath, e.name))
    .sort((a, b) => compareText(relative(dir, a), relative(dir, b)));
}

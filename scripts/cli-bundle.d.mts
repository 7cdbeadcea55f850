type EmitSchemaValidators = (kind: 'checking' | 'defaulting') => { fileName: string; code: string };

export function bundleCli(input: {
  /** The repository, with a trailing separator. */
  root: string;
  outdir: string;
  emitSchemaValidators: EmitSchemaValidators;
}): Promise<void>;

export function writeSchemaValidators(dir: string, emitSchemaValidators: EmitSchemaValidators): void;

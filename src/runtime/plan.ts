/**
 * Reads a value the compiler's lower stage fills in (every schema default). The runtime never
 * defaults a second time: a default written here as well would drift from the schema's. A
 * connector whose plan lacks such a value was not made by the compiler (`compileSpecText`, a
 * `generated/` module), which is a CONFIG error naming the field.
 */
import { ConnectorError } from './errors.js';

export function planned<T>(value: T | undefined, field: string): T {
  if (value === undefined) {
    throw new ConnectorError('CONFIG', `the connector plan has no ${field}; it was not made by the compiler`, {
      hint: 'Load specs with compileSpecText() or a generated module: they fill in every default of the schema.',
    });
  }
  return value;
}

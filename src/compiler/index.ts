/** The compiler's public API: validate or compile a connector spec, and read spec files. */
export { compileSpecText, validateSpecText, type SpecText, type ValidationResult } from './compile.js';
export { SpecValidationError, type Diagnostic, type Severity } from './diagnostic.js';
export { loadSpecFile, findSpecFiles, MAX_SPEC_BYTES, type SpecSource } from './load-spec.js';
export { compileSpecFile } from './compile-file.js';

/** The native builtins, registered by their files on import. */
import './builtins-core.js';
import './builtins-collections.js';
import './builtins-strings.js';
import './builtins-math.js';
import './builtins-regex.js';
import './builtins-control.js';
import './builtins-any-all.js';
import './builtins-loops.js';
import './builtins-dates.js';
export { NATIVES } from './builtin-helpers.js';

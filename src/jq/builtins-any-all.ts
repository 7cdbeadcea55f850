/** `isempty`, `any` and `all` (0, 1 and 2 arguments): they stop at the first deciding output. */
import { defineGenerator } from './builtin-helpers.js';
import { runUntil } from './builtins-control.js';
import type { Compiled, Emit, Env } from './runtime.js';
import { fail, isTruthy, type Json } from './values.js';

defineGenerator('isempty', 1, (input, [f], env, emit) => {
  let empty = true;
  runUntil(f!, input, env, () => {
    empty = false;
    return false;
  });
  emit(empty);
});

function anyAll(isAny: boolean, gen: Compiled | undefined, cond: Compiled | undefined): (input: Json, env: Env, emit: Emit) => void {
  return (input, env, emit) => {
    let result = !isAny;
    const test = (item: Json): boolean => {
      let decided = false;
      const check = (c: Json): boolean => {
        if (isTruthy(c) === isAny) {
          decided = true;
          return false;
        }
        return true;
      };
      if (cond) runUntil(cond, item, env, check);
      else check(item);
      if (decided) result = isAny;
      return !decided;
    };
    if (gen) runUntil(gen, input, env, test);
    else {
      const values = Array.isArray(input)
        ? input
        : input !== null && typeof input === 'object'
          ? Object.values(input)
          : fail(`Cannot iterate over ${String(input)}`);
      for (const v of values) if (!test(v)) break;
    }
    emit(result);
  };
}
defineGenerator('any', 0, (input, _args, env, emit) => anyAll(true, undefined, undefined)(input, env, emit));
defineGenerator('all', 0, (input, _args, env, emit) => anyAll(false, undefined, undefined)(input, env, emit));
defineGenerator('any', 1, (input, [c], env, emit) => anyAll(true, undefined, c)(input, env, emit));
defineGenerator('all', 1, (input, [c], env, emit) => anyAll(false, undefined, c)(input, env, emit));
defineGenerator('any', 2, (input, [g, c], env, emit) => anyAll(true, g, c)(input, env, emit));
defineGenerator('all', 2, (input, [g, c], env, emit) => anyAll(false, g, c)(input, env, emit));

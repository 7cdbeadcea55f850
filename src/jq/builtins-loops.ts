/** `repeat`, `while` and `until` as loops (jq defines them recursively in builtin.jq). */
import { defineGenerator } from './builtin-helpers.js';
import { countStep } from './runtime.js';
import { isTruthy, type Json } from './values.js';

/**
 * `repeat(f)`: the outputs of `f` on the input, again and again until an error or a break
 * (what jq 1.6 and 1.8 do: `1 | [limit(3; repeat(. + 1))]` is `[2,2,2]`; the manual's
 * `[repeat(.*2, error)?]` is `[2]`).
 */
defineGenerator('repeat', 1, (input, [f], env, emit) => {
  for (;;) {
    countStep();
    f!.run(input, env, emit);
  }
});

/** `def while(cond; update): def _w: if cond then ., (update | _w) else empty end; _w;` */
defineGenerator('while', 2, (input, [cond, update], env, emit) => {
  const cs = cond!.single;
  const us = update!.single;
  if (cs && us) {
    for (let v = input; isTruthy(cs(v, env)); v = us(v, env)) {
      countStep();
      emit(v);
    }
    return;
  }
  const again = (v: Json): void => {
    countStep();
    cond!.run(v, env, (c) => {
      if (!isTruthy(c)) return;
      emit(v);
      update!.run(v, env, again);
    });
  };
  again(input);
});

/** `def until(cond; update): def _u: if cond then . else (update | _u) end; _u;` */
defineGenerator('until', 2, (input, [cond, update], env, emit) => {
  const cs = cond!.single;
  const us = update!.single;
  if (cs && us) {
    let v = input;
    while (!isTruthy(cs(v, env))) {
      countStep();
      v = us(v, env);
    }
    emit(v);
    return;
  }
  const again = (v: Json): void => {
    countStep();
    cond!.run(v, env, (c) => (isTruthy(c) ? emit(v) : update!.run(v, env, again)));
  };
  again(input);
});

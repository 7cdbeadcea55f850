/** Math natives (jq's libm wrappers). */
import { definePure, defineWithArgs } from './builtin-helpers.js';
import { describeValue, fail, type Json } from './values.js';
import { checkFinite } from './runtime.js';

function number(v: Json): number {
  if (typeof v !== 'number') return fail(`${describeValue(v)} number required`);
  return v;
}

const UNARY: Record<string, (x: number) => number> = {
  floor: Math.floor, ceil: Math.ceil, sqrt: Math.sqrt, fabs: Math.abs, exp: Math.exp, exp2: (x) => 2 ** x,
  exp10: (x) => 10 ** x, log: Math.log, log2: Math.log2, log10: Math.log10, log1p: Math.log1p, expm1: Math.expm1,
  sin: Math.sin, cos: Math.cos, tan: Math.tan, asin: Math.asin, acos: Math.acos, atan: Math.atan, sinh: Math.sinh,
  cosh: Math.cosh, tanh: Math.tanh, asinh: Math.asinh, acosh: Math.acosh, atanh: Math.atanh, cbrt: Math.cbrt,
  trunc: Math.trunc, rint: roundHalfEven, nearbyint: roundHalfEven,
  round: (x) => (x < 0 ? -Math.round(-x) : Math.round(x)),
};

function roundHalfEven(x: number): number {
  const r = Math.round(x);
  return Math.abs(x % 1) === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

for (const [name, fn] of Object.entries(UNARY)) definePure(name, (v) => checkFinite(fn(number(v))));

// jq 1.8: `def abs: if type == "number" and . < 0 then -. else . end` (other types pass through).
definePure('abs', (v) => (typeof v === 'number' ? Math.abs(v) : v));

const BINARY: Record<string, (a: number, b: number) => number> = {
  pow: (a, b) => a ** b, atan2: Math.atan2, fmin: Math.min, fmax: Math.max, fmod: (a, b) => a % b,
  hypot: Math.hypot, copysign: (a, b) => (Math.sign(b) < 0 || Object.is(b, -0) ? -Math.abs(a) : Math.abs(a)),
};
for (const [name, fn] of Object.entries(BINARY)) defineWithArgs(name, 2, (_v, a, b) => checkFinite(fn(number(a), number(b))));

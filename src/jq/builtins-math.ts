/** Math natives (jq's libm wrappers). */
import { definePure, defineWithArgs } from './builtin-helpers.js';
import { describeValue, fail, type Json } from './values.js';
import { checkFinite } from './runtime.js';

function number(v: Json): number {
  if (typeof v !== 'number') return fail(`${describeValue(v)} number required`);
  return v;
}

const UNARY: Record<string, (x: number) => number> = {
  floor: Math.floor,
  ceil: Math.ceil,
  sqrt: Math.sqrt,
  fabs: Math.abs,
  exp: Math.exp,
  exp2: (x) => 2 ** x,
  exp10: (x) => 10 ** x,
  log: Math.log,
  log2: Math.log2,
  log10: Math.log10,
  log1p: Math.log1p,
  expm1: Math.expm1,
  sin: Math.sin,
  cos: Math.cos,
  tan: Math.tan,
  asin: Math.asin,
  acos: Math.acos,
  atan: Math.atan,
  sinh: Math.sinh,
  cosh: Math.cosh,
  tanh: Math.tanh,
  asinh: Math.asinh,
  acosh: Math.acosh,
  atanh: Math.atanh,
  cbrt: Math.cbrt,
  trunc: Math.trunc,
  rint: roundHalfEven,
  nearbyint: roundHalfEven,
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
  pow: (a, b) => a ** b,
  atan2: Math.atan2,
  fmin: Math.min,
  fmax: Math.max,
  fmod: (a, b) => a % b,
  hypot: Math.hypot,
  copysign: (a, b) => (Math.sign(b) < 0 || Object.is(b, -0) ? -Math.abs(a) : Math.abs(a)),
};
for (const [name, fn] of Object.entries(BINARY)) defineWithArgs(name, 2, (_v, a, b) => checkFinite(fn(number(a), number(b))));

/** [mantissa, exponent] with x = mantissa * 2^exponent and 0.5 <= |mantissa| < 1 (C's frexp). */
function frexp(x: number): [number, number] {
  if (x === 0 || !Number.isFinite(x)) return [x, 0];
  let exponent = Math.max(-1073, Math.floor(Math.log2(Math.abs(x))) + 1);
  let mantissa = x * 2 ** -exponent;
  // log2 can be off by one near powers of two; correct into [0.5, 1).
  while (Math.abs(mantissa) < 0.5) {
    mantissa *= 2;
    exponent--;
  }
  while (Math.abs(mantissa) >= 1) {
    mantissa /= 2;
    exponent++;
  }
  return [mantissa, exponent];
}

definePure('frexp', (v) => frexp(number(v)));
definePure('modf', (v) => {
  const x = number(v);
  if (!Number.isFinite(x)) return Number.isNaN(x) ? [x, x] : [Object.is(Math.sign(x), -1) ? -0 : 0, x];
  const whole = Math.trunc(x);
  return [x - whole, whole];
});
definePure('significand', (v) => {
  const x = number(v);
  if (x === 0 || !Number.isFinite(x)) return x;
  return frexp(x)[0] * 2;
});
definePure('logb', (v) => {
  const x = number(v);
  if (x === 0) return checkFinite(-Infinity);
  if (!Number.isFinite(x)) return checkFinite(Math.abs(x));
  return frexp(x)[1] - 1;
});
for (const name of ['ldexp', 'scalb', 'scalbln']) {
  defineWithArgs(name, 2, (_v, a, b) => checkFinite(number(a) * 2 ** Math.trunc(number(b))));
}
defineWithArgs('drem', 2, (_v, a, b) => {
  const x = number(a);
  const y = number(b);
  const quotient = x / y;
  const rounded = Math.round(quotient);
  const n = Math.abs(quotient % 1) === 0.5 && rounded % 2 !== 0 ? rounded - 1 : rounded;
  return checkFinite(x - n * y);
});

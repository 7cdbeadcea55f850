/**
 * Who wrote a jq program, which decides what may run it. Every compile names one (`compileJq`
 * has no default): a policy that travels in an ambient scope fails open where the scope is
 * missing, and a customer's `[inputs]` or `import "path" as $x` then reaches the host's jq binary.
 *
 * - `customer`: an untrusted program (a build-your-own spec, Generate Config's records path and
 *   mapping, Preview, lookups, conditions). Only the in-process engine runs it, under its limits
 *   (and in the isolate's worker where the scope has one); what the engine refuses stays refused.
 * - `trusted`: a program the host vouches for (a shipped spec, an operator's own spec on the CLI).
 *   What the in-process engine refuses may run on the host's jq binary, where there is one.
 */
export type JqPolicy = 'customer' | 'trusted';

/** The policy wherever a caller leaves one out of an options object (never of `compileJq`). */
export const SAFE_JQ_POLICY: JqPolicy = 'customer';

/** True only for `trusted`: anything else (a typo, a JavaScript caller's undefined) is refused. */
export function allowsBinary(policy: JqPolicy): boolean {
  return policy === 'trusted';
}

/**
 * The reference jq of the conformance run: jq 1.8.1 built from jqlang/jq tag jq-1.8.1, at
 * ../shared/jq-reference/jq (see its SOURCE.md), or $JQ_REFERENCE. Never /usr/bin/jq: that is
 * jq 1.6 on these machines, whose semantics differ. Only `npm run conformance` reads ../shared.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const REFERENCE_JQ = process.env.JQ_REFERENCE ?? fileURLToPath(new URL('../../../shared/jq-reference/jq', import.meta.url));

/**
 * Checks that the reference runs and behaves as jq 1.8: built outside a git checkout, its
 * `--version` prints only "jq-", so the check asks for things only 1.8 does (`toboolean` and
 * `trimstr` are new in 1.8; `limit(0; ...)` emits nothing since 1.7). Throws with what to do.
 */
export function checkReferenceJq(): void {
  const probe = spawnSync(REFERENCE_JQ, ['-nc', '[("true" | toboolean), ("xay" | trimstr("x")), [limit(0; 1, 2)]]'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    throw new Error(`cannot run the reference jq ${REFERENCE_JQ} (${probe.error?.message ?? probe.stderr.trim()}); put jq 1.8.1 there or set JQ_REFERENCE`);
  }
  if (probe.stdout.trim() !== '[true,"ay",[]]') throw new Error(`${REFERENCE_JQ} is not jq 1.8 (probe printed ${probe.stdout.trim()})`);
}

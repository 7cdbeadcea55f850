/**
 * `probeCapabilities()`, run when authentication is saved: the spec's `probe` request, sent once,
 * tells what the credential may do without changing anything on the target (a write the target
 * refuses for its body when the credential may write, and for its rights when it may only read).
 * The verdict is read from the status by the spec's `answers`; anything else (a status no rule
 * names, a 5xx, a network failure, a template that does not render) is `unknown`, never
 * `writeAllowed`: a probe that could not tell never grants writes.
 */
import type { ProbeAnswer } from '../../../generated/spec-types.js';
import type { RuntimeConnector } from '../compile-connector.js';
import type { Connection } from '../connection.js';
import { isConnectorError } from '../errors.js';
import { executeRequest } from '../execute-request.js';

export type ProbeVerdict = 'writeAllowed' | 'readOnly' | 'unknown';

export interface CapabilityProbe {
  /** What the answer tells of the credential. */
  writes: ProbeVerdict;
  /** The request as sent: method and redacted URL. */
  request: { method: string; url: string };
  /** The target's status; absent when no answer came (network, timeout, egress). */
  status?: number;
  /** Why, in the operator's words: the rule's reason, or what made the verdict unknown. */
  reason: string;
  /** The runtime error code when the probe could not be sent or answered (NETWORK, TIMEOUT, CONFIG...). */
  failureCode?: string;
}

/** The verdict of one status: the first rule naming it; none is `unknown`. Pure. */
export function readProbeAnswer(answers: readonly ProbeAnswer[], status: number): { means: ProbeVerdict; reason?: string } {
  const rule = answers.find((answer) => answer.status === status);
  if (!rule) return { means: 'unknown' };
  return rule.reason === undefined ? { means: rule.means } : { means: rule.means, reason: rule.reason };
}

function defaultReason(verdict: ProbeVerdict, status: number): string {
  if (verdict === 'readOnly') return `the credential is read-only: the target refused the probe's write with ${status}`;
  if (verdict === 'writeAllowed') return `the target judged the probe's content (${status}), so the credential may write`;
  return `the probe's answer (${status}) is none the spec reads; write rights are unknown`;
}

/** Undefined when the spec declares no probe. */
export async function probeCapabilities(connection: Connection, runtime: RuntimeConnector): Promise<CapabilityProbe | undefined> {
  const probe = runtime.probe;
  if (!probe) return undefined;
  // What was meant to be sent, for an answer that never came (the path as the spec writes it).
  const planned = { method: probe.request.method, url: connection.redactor.redact(probe.request.path) };
  try {
    const result = await executeRequest({ connection, runtime, request: probe.request, variables: {}, acceptAnyStatus: true, parse: false });
    const status = result.response.status;
    const request = { method: result.prepared.method, url: connection.redactor.redactUrl(result.prepared.url) };
    const { means, reason } = readProbeAnswer(probe.answers, status);
    return { writes: means, request, status, reason: connection.redactor.redact(reason ?? defaultReason(means, status)) };
  } catch (error) {
    if (!isConnectorError(error)) throw error;
    return {
      writes: 'unknown',
      request: planned,
      ...(error.status === undefined ? {} : { status: error.status }),
      reason: connection.redactor.redact(`the probe could not be answered (${error.code}: ${error.message}); write rights are unknown`),
      failureCode: error.code,
    };
  }
}

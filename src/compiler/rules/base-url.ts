/**
 * Rule: requests have a base URL (prefilled `baseUrl` or a `baseUrl` input), and every URL written
 * in the spec is an absolute http(s) URL without credentials, query or fragment.
 */
import { INPUT_URL_PLACEHOLDER } from '../../auth-types/index.js';
import type { Diagnostic } from '../diagnostic.js';
import { report, type RuleContext } from './rule.js';
import { isObject } from './spec-walk.js';

/** Why a URL is not usable as a base or endpoint URL, or undefined when it is. */
export function describeUrlProblem(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'is not an absolute URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `uses ${url.protocol.replace(':', '')}, not http or https`;
  if (/[{}\s]/u.test(text)) return 'contains spaces or braces';
  if (url.search || url.hash) return 'has a query or fragment';
  return undefined;
}

export function checkBaseUrl(context: RuleContext): Diagnostic[] {
  const { spec } = context;
  const diagnostics: Diagnostic[] = [];
  const inputs = isObject(spec.inputs) ? spec.inputs : {};
  const urlHint = 'write an absolute URL such as https://api.example.com/v2 (scheme and host; action paths go in each action)';
  if (typeof spec.baseUrl === 'string') {
    const problem = describeUrlProblem(spec.baseUrl);
    if (problem && !/@/u.test(spec.baseUrl))
      diagnostics.push(
        report(context, {
          code: 'SPEC_MALFORMED_URL',
          pointer: '/baseUrl',
          at: 'value',
          message: `baseUrl ${JSON.stringify(spec.baseUrl)} ${problem}`,
          hint: urlHint,
        }),
      );
  } else if (!isObject(inputs.baseUrl)) {
    diagnostics.push(
      report(context, {
        code: 'SPEC_BASE_URL_MISSING',
        pointer: '/id',
        message: 'the spec has no baseUrl and declares no baseUrl input, so requests have nowhere to go',
        hint: 'add `baseUrl: https://api.example.com`, or an input `baseUrl: { label: Base URL, type: url, required: true }` for a per-tenant URL',
      }),
    );
  }
  const baseInput = inputs.baseUrl;
  if (isObject(baseInput) && typeof baseInput.default === 'string') {
    const problem = describeUrlProblem(baseInput.default);
    if (problem)
      diagnostics.push(
        report(context, {
          code: 'SPEC_MALFORMED_URL',
          pointer: '/inputs/baseUrl/default',
          at: 'value',
          message: `the default of input baseUrl ${problem}`,
          hint: urlHint,
        }),
      );
  }
  const auth: Record<string, unknown> = isObject(spec.auth) ? (spec.auth as unknown as Record<string, unknown>) : {};
  for (const field of ['tokenUrl', 'authorizationUrl']) {
    const value = auth[field];
    // `{inputs.<name>}` is checked by the input-references rule (declared, type url).
    if (typeof value !== 'string' || value.startsWith('/') || INPUT_URL_PLACEHOLDER.test(value)) continue;
    const problem = describeUrlProblem(value);
    if (problem)
      diagnostics.push(
        report(context, {
          code: 'SPEC_MALFORMED_URL',
          pointer: `/auth/${field}`,
          at: 'value',
          message: `auth.${field} ${JSON.stringify(value)} ${problem}`,
          hint: 'write an absolute https URL, or a path starting with / relative to the base URL',
        }),
      );
  }
  return diagnostics;
}

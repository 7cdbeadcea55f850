/**
 * docs/api/errors.md and docs/library/errors.md, generated from the code's error tables: the
 * HTTP layer's one table of problem codes (PROBLEM_CODES in src/service/http/problem-codes.ts,
 * every ServiceError code and the codes only the HTTP layer raises) and the runtime's
 * `ConnectorErrorCode` union (src/runtime/errors.ts).
 * The "when" of each code is written here; a code without one, or one for a code the code no
 * longer has, fails the generation, so the page cannot drift from the table.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PROBLEM_CODES, SERVICE_CODE_ALIASES } from '../../src/service/http/problem-codes.js';

const API_WHEN: Record<string, string> = {
  VALIDATION_FAILED: 'the body or query fails its schema (`errors`: `[{pointer: "/body/scimBaseUrl", message}]`) or a value is refused',
  MALFORMED_REQUEST: 'the body is not JSON, or is empty where one is required',
  UNAUTHORIZED: 'no token, or not a live one (`WWW-Authenticate: Bearer`)',
  FORBIDDEN: 'a viewer token on a route that changes configuration; a reviewer deciding an item of a campaign or integration that does not name them',
  PLAN_REQUIRED: "the tenant's plan does not permit it (`requiredPlan` names the plan that does)",
  NOT_FOUND: "no such resource in the token's tenant, or no such route",
  PAYLOAD_TOO_LARGE: 'the request body is over the size limit',
  UNSUPPORTED_MEDIA_TYPE: 'the request body is not `application/json`',
  AUTH_NOT_CONFIGURED: 'the setup order refuses it: an action asked for before authentication was configured',
  ACTION_NOT_OFFERED: 'the setup order refuses it: the integration does not offer that action (a prebuilt offers only what its spec supports)',
  ACTION_NOT_ENABLED: 'the setup order refuses it: the action is offered but not enabled',
  IMPORT_ONLY: 'the key proved read-only: the integration imports only, its write actions are off (`failure`)',
  IMPORT_NOT_ENABLED: 'a sync was asked for on an integration whose Import Users action is not enabled',
  SYNC_AWAITING_APPROVAL: 'a run of the integration waits for an admin to approve or reject its removals',
  RUN_NOT_AWAITING_APPROVAL: 'approve or reject of a run that does not await approval',
  CONFIG_NOT_EDITABLE: 'editing the configuration of a prebuilt or SCIM integration (it runs the shipped spec)',
  IDEMPOTENCY_KEY_REUSED: 'a workflow start repeated an idempotency key with a different request',
  WORKFLOW_STATE: 'cancel of a finished workflow, retry of a task that has not failed',
  EMAIL_TAKEN:
    'a person added, imported or edited with an email (or alias) another person of the tenant has; `conflicts` names that person (and the CSV line), a CSV is refused whole',
  PERSON_ARCHIVED: 'an onboarding, a provisioner action, a move or Add User for an archived person (only offboarding runs for one)',
  PERSON_HAS_ACCOUNTS: 'archiving a person who still has present accounts (offboard first); `accounts` lists them',
  ACTIVATION_NOT_POSSIBLE:
    'an onboarding or Add User with activateAt names an application that cannot keep the account inactive until then (no Activate User enabled, or Create User cannot create inactive); nothing is started',
  INTEGRATION_DISABLED: 'a sync, an action run, enabling an action, or a workflow task, on a disabled integration',
  CONFIRMATION_REQUIRED: 'deleting an integration without `confirm` equal to its name',
  DEACTIVATE_REQUIRED: 'Keep accounts turned on without Deactivate User enabled, or Deactivate User disabled while Keep accounts is on',
  ACTION_VARIABLES_INVALID:
    'a provisioner action (or the retry of its task) without a required variable of the custom action, with one of the wrong type, or with one it does not declare',
  REVIEW_STATE: 'starting a campaign that is open or closed, deciding or closing one that is not open, changing a revoke whose removal started',
  PROFILE_NAME_TAKEN: 'creating or renaming an access profile to the name of another profile of the tenant (archived ones included)',
  PROFILE_ARCHIVED: 'giving an archived access profile to a person who does not hold it (a move or a bulk assignment)',
  PROFILE_OPTION_NOT_SUPPORTED:
    "a profile's application marked admin where the connector's Create User sends no admin flag (on saving the profile, or a move that would create the account)",
  NO_USER_ARRAY: "Generate Config found no list of users in the target's answer (give `records`)",
  BAD_RESPONSE:
    "Test, Preview or Generate Config refused the target's answer: deeper or wider than the limits of untrusted answers (the detail names the limit)",
  INVALID_SPEC: 'a build-your-own spec, or an edit of it, has errors (`diagnostics`, each with `line`, `column`, `pointer`, `code`, `hint`); nothing saved',
  AUTH_TEST_FAILED: 'the connection test failed; nothing was saved (`failure`, redacted, and a `hint`)',
  INTERNAL_ERROR: 'a fault of the service (no detail is given; see the service log)',
  ACTION_FAILED: 'the target refused or failed an action run, or could not be reached (`failure`, redacted)',
  DATA_DIR_LOCKED: 'another process holds the embedded data directory',
  DATABASE_UNAVAILABLE: 'the database cannot be reached',
  MIGRATION_FAILED: "the database's migrations could not be applied",
  KEY_INVALID: 'the key-encryption key is malformed, missing, or not the one that wrapped the data keys',
};

const RUNTIME_WHEN: Record<string, string> = {
  AUTH_FAILED: '401 (after one refresh for OAuth 2.0)',
  FORBIDDEN: '403 (for example a read-only key on a write)',
  NOT_FOUND: '404 that no outcome rule recognises (a wrong base URL, path or input)',
  CONFLICT: '409',
  PAYMENT_REQUIRED: '402',
  RATE_LIMITED: '429 once the retries are used up',
  TARGET_ERROR: 'any other 4xx/5xx, an unexpected status, or a redirect to another origin',
  BAD_RESPONSE: 'a body that is not JSON, a records path that does not give an array, or a response over `maxResponseBytes`',
  MAPPING_FAILED: 'a jq expression failed as a whole (a result, a lookup value)',
  PAGINATION_FAILED: 'a pagination guard rail (`maxPages`, a stated total not reached, a repeated page)',
  PAGINATION_MISSING:
    'the spec has no pagination but the answer says there is more (`Link: rel="next"`, `"more": true`, a next cursor or URL, a total above the records received); the message names the signal',
  TIMEOUT: "connect, headers or body timeout (undici's error, with its code, is the `cause`)",
  NETWORK: 'a connection reset or refused, or a body cut off (the undici error is the `cause`)',
  CONFIG: 'bad inputs or base URL, a template that does not render, a body that is not JSON, a path value that is empty or `..`, a missing required lookup',
  RECONNECT_REQUIRED: 'OAuth 2.0 `invalid_grant`: the operator must authorize the connection again',
  EGRESS_DENIED: 'the egress policy refused the address (loopback, private, link-local, cloud metadata)',
  LIMIT_EXCEEDED: 'a limit the host sets was reached (jq time or memory, accounts held in memory, import size); the message names it',
};

const GENERATED = (sources: string) =>
  `<!-- Generated by \`npm run docs:generate\` from ${sources}. Edit the generator (scripts/docs/error-tables.ts), not this file. -->`;

function describe(code: string, table: Record<string, string>, where: string): string {
  const when = table[code];
  if (when === undefined) throw new Error(`${where}: error code ${code} has no description in scripts/docs/error-tables.ts`);
  return when;
}

function checkNoExtra(table: Record<string, string>, codes: Set<string>, where: string): void {
  const extra = Object.keys(table).filter((code) => !codes.has(code));
  if (extra.length > 0) throw new Error(`${where}: scripts/docs/error-tables.ts describes codes the code no longer has: ${extra.join(', ')}`);
}

export async function renderApiErrors(_root: string): Promise<string> {
  const aliasOf = new Map<string, string>(Object.entries(SERVICE_CODE_ALIASES).map(([serviceCode, code]) => [code!, serviceCode]));
  const rows = Object.entries(PROBLEM_CODES).map(([code, entry]) => ({ code, ...entry, alias: aliasOf.get(code) }));
  rows.sort((a, b) => a.status - b.status || a.code.localeCompare(b.code));
  checkNoExtra(API_WHEN, new Set(rows.map((row) => row.code)), 'docs/api/errors.md');
  const lines = [
    '# API errors',
    '',
    GENERATED('src/service/http/problem-codes.ts (`PROBLEM_CODES`)'),
    '',
    'Every error the HTTP API answers is an RFC 9457 problem (`application/problem+json`): `type` (a',
    'URN per code), `title`, `status`, `detail`, `instance`, the stable `code` callers match on, and',
    'where there is one a `hint`, `requiredPlan`, located `diagnostics`, field `errors` or the',
    "target's redacted `failure`. Never a stack trace, never a request body.",
    '',
    'Match on `code`, not on `detail` (its wording may change). `title` is the same for every answer of',
    'a code; `hint` below is the general one (an answer may carry a more specific hint).',
    '',
    '| Status | `code` | Title | When | What to do |',
    '|---|---|---|---|---|',
    ...rows.map(
      (row) =>
        `| ${row.status} | \`${row.code}\`${row.alias ? ` (the service's \`${row.alias}\`)` : ''} | ${row.title} | ${describe(row.code, API_WHEN, 'docs/api/errors.md')} | ${row.hint} |`,
    ),
    '',
    'The errors of a connector run (`ConnectorError`, returned redacted inside `failure`) are listed in',
    "[the library's errors](../library/errors.md).",
    '',
  ];
  return lines.join('\n');
}

/** The members of `export type ConnectorErrorCode = | 'A' | 'B' ...;` in src/runtime/errors.ts. */
export async function runtimeErrorCodes(root: string): Promise<string[]> {
  const text = (await readFile(join(root, 'src/runtime/errors.ts'), 'utf8')).replace(/\/\*[\s\S]*?\*\//g, '');
  const union = /export type ConnectorErrorCode =([\s\S]*?);/.exec(text);
  if (!union) throw new Error('src/runtime/errors.ts: no ConnectorErrorCode union');
  return [...union[1]!.matchAll(/'([A-Z_]+)'/g)].map((match) => match[1]!);
}

export async function renderRuntimeErrors(root: string): Promise<string> {
  const codes = await runtimeErrorCodes(root);
  checkNoExtra(RUNTIME_WHEN, new Set(codes), 'docs/library/errors.md');
  const lines = [
    '# Runtime errors (`ConnectorError`)',
    '',
    GENERATED('the `ConnectorErrorCode` union in src/runtime/errors.ts'),
    '',
    "Every failure of `connect()` and of a client's actions is a `ConnectorError` with a stable `code`",
    'and `action`, `method`, `url` (redacted), `status`, `bodyExcerpt` (the first 300 characters,',
    'redacted) and `hint`. `isConnectorError(error)` tells it apart.',
    '',
    '| `code` | When |',
    '|---|---|',
    ...codes.map((code) => `| \`${code}\` | ${describe(code, RUNTIME_WHEN, 'docs/library/errors.md')} |`),
    '',
    "A spec's `errors` rules are tried first: the action's, then the spec's. A rule matches on",
    "`status` and an optional `when` jq, and gives its `code`, `message` and `hint`. The target's own",
    'message, read with `errors.message` (jq), is appended to the error message. See',
    '[the spec guide](../connector-authors/spec.md) for the rules.',
    '',
  ];
  return lines.join('\n');
}

// Generated from schema/connector-spec.schema.json by `npm run connector -- compile`. Do not edit.
/* eslint-disable */

/**
 * Version of this spec format. Only 1 exists.
 */
export type SpecFormatVersion = 1;
/**
 * Unique kebab-case id of the connector; the file name of the spec should match it.
 */
export type ConnectorId = string;
/**
 * Name shown to operators.
 */
export type DisplayName = string;
/**
 * What the connector manages and what it does not.
 */
export type Description = string;
/**
 * prebuilt: shipped and validated by us, the operator only supplies credentials; scim: RFC 7643/7644; custom: build-your-own.
 */
export type IntegrationType = "prebuilt" | "scim" | "custom";
/**
 * Prefilled base URL of the target API; every action path is relative to it. When absent, the operator supplies it through the `baseUrl` input, which must then be declared. An operator may always override it.
 */
export type BaseURL = string;
/**
 * How every request of a connection authenticates. A union discriminated on `type`.
 *
 * This interface was referenced by `ConnectorSpec`'s JSON-Schema
 * via the `definition` "auth".
 */
export type Auth = NoneAuth | BearerAuth | BasicAuth | ApiKeyAuth | OAuth2Auth;
/**
 * Text appended to the user name input before encoding, for APIs whose token login is a user name with a fixed suffix (Zendesk: `agent@example.com/token` with an API token as the password), so the operator enters the plain email.
 */
export type UserNameSuffix = string;
/**
 * More keys, each sent as it is in a header of its own on every request, for APIs that take two (Datadog: `DD-API-KEY` and `DD-APPLICATION-KEY`). Each names a secret input.
 */
export type AdditionalKeyHeaders = {
  /**
   * Header name.
   */
  name: string;
  /**
   * Input that holds the key.
   */
  key: string;
}[];
/**
 * Responses that mean the target refused the request before processing it and wants it sent again later, on top of the built-in 429 (any method) and 408/5xx (idempotent requests only). A matching response is retried whatever the method, after the wait its `waitHeader` names (else Retry-After or a rate-limit reset header, else exponential backoff), within the connection's attempt and time budget. Name only refusals here: a response that may have changed something must not be sent twice.
 */
export type ExtraRetryableResponses = RetryRule[];
/**
 * One of the five standard lifecycle actions.
 *
 * This interface was referenced by `ConnectorSpec`'s JSON-Schema
 * via the `definition` "standardActionName".
 */
export type StandardActionName = "importUsers" | "createUser" | "activateUser" | "deleteUser" | "deactivateUser";
/**
 * Prebuilt connectors: the standard actions this application is known to support; only these are ever offered. Must list exactly the standard actions defined under `actions`.
 */
export type SupportedActions = StandardActionName[];
/**
 * How an import walks pages. A union discriminated on `type`. Every style stops on an empty page and has `maxPages` as a guard rail.
 *
 * This interface was referenced by `ConnectorSpec`'s JSON-Schema
 * via the `definition` "pagination".
 */
export type Pagination =
  | NoPagination
  | OffsetPagination
  | PagePagination
  | CursorPagination
  | LinkPagination
  | NextUrlPagination
  | ScimPagination;
/**
 * jq over the body giving the next page's URL, or null on the last page.
 */
export type NextPageURL = string;
/**
 * More lists read after the first one, in order, each mapped with its own `mapping`; the import yields the accounts of every list. For applications whose accounts come from several endpoints (members and pending invitations, or one list per role). Ids must not repeat across lists. Write actions' `result` is mapped with the first list's mapping.
 *
 * @minItems 1
 * @maxItems 5
 */
export type AdditionalLists =
  | [ImportList]
  | [ImportList, ImportList]
  | [ImportList, ImportList, ImportList]
  | [ImportList, ImportList, ImportList, ImportList]
  | [ImportList, ImportList, ImportList, ImportList, ImportList];
/**
 * Caps how many requests of this action one connection has in flight at once, for targets that refuse more concurrent calls (PagerDuty refuses more than 50 user creations at one time). Further calls wait their turn in order and start as soon as one in flight finishes, successfully or not. Unlimited when absent.
 */
export type MostCallsInFlight = number;
/**
 * Template variables the action cannot do without (`user.email`, `account.login`, `inputs.upnDomain`). Checked before anything is sent: when one is missing or empty the action fails with CONFIG naming each of them, instead of sending a request the target would refuse. The CLI names them too when `--account` or `--person` lacks them.
 *
 * @minItems 1
 */
export type RequiredValues = [string, ...string[]];
/**
 * createUser only: whether the target can create an account the person cannot use until Activate User runs, which an onboarding with an activation time needs (no access before the chosen time). `always`: every account it creates is inactive (Okta with `activate=false`: STAGED). `whenAsked`: the request says so through the template variables `create.active` (true, unless the onboarding activates the account later) and `create.inactive` (its opposite), e.g. SCIM's `"active": {{create.active}}`; the templates must use one of them. Absent: accounts are usable as soon as they are created (or an invitation can be accepted at once), and the service refuses an onboarding with an activation time for this application (ACTIVATION_NOT_POSSIBLE) instead of granting access early.
 */
export type CreatesInactive = "always" | "whenAsked";
/**
 * For an action that takes more than one request (Okta deletes only a deactivated user, so deleting is deactivate-then-delete): the requests, sent in order, each with its own outcome rules. Instead of the action's own `method`, `path`, `query`, `headers`, `body`, `contentType`, `success`, `idempotent` and `outcomes`; the action's `errors`, `maxInFlight` and `result` (read from the last step's answer) still apply. A step whose outcome rule says `alreadyAbsent` ends the action (nothing is left to do); `alreadyDone` lets the next step go on. The action reports `alreadyDone` only when every step did.
 *
 * @minItems 1
 * @maxItems 5
 */
export type Steps =
  | [WriteStep]
  | [WriteStep, WriteStep]
  | [WriteStep, WriteStep, WriteStep]
  | [WriteStep, WriteStep, WriteStep, WriteStep]
  | [WriteStep, WriteStep, WriteStep, WriteStep, WriteStep];
/**
 * jq over `{account, user, previous}` (`previous`: the JSON answer of the step before, null when there is none or it is not JSON); the step is sent only when it gives true, else skipped.
 */
export type Condition = string;
/**
 * Caps how many requests of this action one connection has in flight at once, for targets that refuse more concurrent calls (PagerDuty refuses more than 50 user creations at one time). Further calls wait their turn in order and start as soon as one in flight finishes, successfully or not. Unlimited when absent.
 */
export type MostCallsInFlight1 = number;
/**
 * Guard rail of every pagination style: an import that would read more pages fails (PAGINATION_FAILED) instead of running on. At most 100,000 pages (10 million accounts at 100 a page), so that no spec can make an import run without end. Default 10,000 (written beside each reference: a default inside a $ref is not applied).
 *
 * This interface was referenced by `ConnectorSpec`'s JSON-Schema
 * via the `definition` "maxPages".
 */
export type MaxPages = number;

/**
 * A connector: how the service reaches one target application (prebuilt, SCIM or build-your-own) and runs account lifecycle actions there.
 */
export interface ConnectorSpec {
  /**
   * Optional pointer to this schema, for editors that do not read the yaml-language-server comment.
   */
  $schema?: string;
  specVersion: SpecFormatVersion;
  id: ConnectorId;
  name: DisplayName;
  description?: Description;
  type: IntegrationType;
  baseUrl?: BaseURL;
  inputs?: OperatorInputs;
  auth: Auth;
  headers?: DefaultHeaders;
  lookups?: Lookups;
  errors?: ErrorRules;
  retryOn?: ExtraRetryableResponses;
  supports?: SupportedActions;
  probe?: Probe;
  actions: Actions;
}
/**
 * What the operator fills in, keyed by input name. Use the standard names: token, username, password, clientId, clientSecret, refreshToken, baseUrl.
 */
export interface OperatorInputs {
  [k: string]: Input;
}
/**
 * One value the operator fills in.
 *
 * This interface was referenced by `ConnectorSpec`'s JSON-Schema
 * via the `definition` "input".
 */
export interface Input {
  /**
   * Kind of value; `url` and `email` are checked when the connection is made.
   */
  type?: "string" | "url" | "email";
  /**
   * Label shown to the operator.
   */
  label: string;
  /**
   * Help text shown below the field.
   */
  help?: string;
  /**
   * A secret is never logged, never shown back and never available to templates.
   */
  secret?: boolean;
  /**
   * Whether the connection needs it.
   */
  required?: boolean;
  /**
   * Value used when the operator leaves the field empty (never for secrets).
   */
  default?: string;
}
/**
 * No authentication.
 *
 * This interface was referenced by `ConnectorSpec`'s JSON-Schema
 * via the `definition` "noneAuth".
 */
export interface NoneAuth {
  type: "none";
}
/**
 * Sends `<header>: <prefix><token>`, by default `Authorization: Bearer <token>`.
 *
 * This interface was referenced by `ConnectorSpec`'s JSON-Schema
 * via the `definition` "bearerAuth".
 */
export interface BearerAuth {
  type: "bearer";
  /**
   * Input that holds the token.
   */
  token?: string;
  /**
   * Header name, for applications with a non-standard key.
   */
  header?: string;
  /**
   * Text before the token, for applications with a non-standard prefix.
   */
  prefix?: string;
}
/**
 * Sends `Authorization: Basic base64(username:password)` (UTF-8) on every request.
 *
 * This interface was referenced by `ConnectorSpec`'s JSON-Schema
 * via the `definition` "basicAuth".
 */
export interface BasicAuth {
  type: "basic";
  /**
   * Input that holds the user name.
   */
  username?: string;
  /**
   * Input that holds the password.
   */
  password?: string;
  usernameSuffix?: UserNameSuffix;
}
/**
 * Custom API key in a header or a query parameter. `{{ .Key }}` in the value template is replaced by the key.
 *
 * This interface was referenced by `ConnectorSpec`'s JSON-Schema
 * via the `definition` "apiKeyAuth".
 */
export interface ApiKeyAuth {
  type: "apiKey";
  /**
   * Where the key goes.
   */
  in: "header" | "query";
  /**
   * Header name or query parameter name.
   */
  name: string;
  /**
   * Value template; `{{ .Key }}` is replaced by the key.
   */
  value?: string;
  /**
   * Input that holds the key.
   */
  key?: string;
  additionalHeaders?: AdditionalKeyHeaders;
}
/**
 * OAuth 2.0 (RFC 6749): client credentials, authorization code (with PKCE, RFC 7636) or refresh token grant. Uses the inputs clientId, clientSecret and, per grant, refreshToken, authorizationCode and redirectUri; `tokenParams` adds parameters a vendor wants in the token request.
 *
 * This interface was referenced by `ConnectorSpec`'s JSON-Schema
 * via the `definition` "oauth2Auth".
 */
export interface OAuth2Auth {
  type: "oauth2";
  grant: "client_credentials" | "authorization_code" | "refresh_token";
  /**
   * Token endpoint: an absolute URL, a path relative to the base URL, or `{inputs.<name>}` naming a declared input of type url when each tenant has its own token endpoint (the operator fills it in).
   */
  tokenUrl: string;
  /**
   * Authorization endpoint, for the authorization code grant.
   */
  authorizationUrl?: string;
  /**
   * Scopes to request.
   */
  scopes?: string[];
  tokenParams?: TokenParams;
  /**
   * How the client authenticates at the token endpoint (RFC 6749 section 2.3.1).
   */
  clientAuth?: "client_secret_basic" | "client_secret_post";
  /**
   * Use PKCE S256 with the authorization code grant.
   */
  pkce?: boolean;
  /**
   * Header name for the access token.
   */
  header?: string;
  /**
   * Text before the access token.
   */
  prefix?: string;
}
/**
 * More parameters sent in the body of every token request, for authorization servers that want more than RFC 6749 asks (Box's client credentials grant: `box_subject_type` and `box_subject_id`). Each value is either fixed text or `{inputs.<name>}` naming a declared input (the operator fills it in; a secret input stays redacted). The parameters the grant itself sends (grant_type, client_id, client_secret, scope, code, redirect_uri, code_verifier, refresh_token) cannot be set here.
 */
export interface TokenParams {
  [k: string]: string;
}
/**
 * Headers sent with every request. Values are templates (Handlebars, without escaping) over `inputs` and `lookups`.
 */
export interface DefaultHeaders {
  [k: string]: string;
}
/**
 * Values read from the target before a write (for example the email of an account owner that a create request must name), keyed by name. Each is fetched once per connection, on first use, and available to templates as `lookups.<name>`.
 */
export interface Lookups {
  [k: string]: Lookup;
}
/**
 * A value read from the target before a write; `override` names an input that, when filled in, replaces the lookup.
 *
 * This interface was referenced by `ConnectorSpec`'s JSON-Schema
 * via the `definition` "lookup".
 */
export interface Lookup {
  method?: "GET" | "POST";
  /**
   * Path relative to the base URL.
   */
  path: string;
  query?: StringMap;
  /**
   * Whether the lookup may be sent again after a failure (a POST search that only reads may be). Default: true for GET, false for POST.
   */
  idempotent?: boolean;
  /**
   * jq expression giving the value from the response body; `empty` or null means not found.
   */
  value: string;
  /**
   * Input that replaces the lookup when filled in.
   */
  override?: string;
  /**
   * Whether an action using it fails when the value is not found.
   */
  required?: boolean;
  description?: string;
}
/**
 * Names to string values.
 *
 * This interface was referenced by `ConnectorSpec`'s JSON-Schema
 * via the `definition` "stringMap".
 */
export interface StringMap {
  [k: string]: string;
}
/**
 * How the target's error responses map to error codes and messages, for every action. Action-level rules are tried first.
 */
export interface ErrorRules {
  /**
   * jq expression that extracts a human-readable message from an error body.
   */
  message?: string;
  rules?: ErrorRule[];
}
/**
 * Maps a matching error response to an error code and a message for the operator.
 *
 * This interface was referenced by `ConnectorSpec`'s JSON-Schema
 * via the `definition` "errorRule".
 */
export interface ErrorRule {
  /**
   * HTTP status to match.
   */
  status: number;
  /**
   * jq expression over the body; the rule matches when it yields true.
   */
  when?: string;
  /**
   * Runtime error code to raise.
   */
  code?:
    | "AUTH_FAILED"
    | "FORBIDDEN"
    | "NOT_FOUND"
    | "CONFLICT"
    | "RATE_LIMITED"
    | "TARGET_ERROR"
    | "BAD_RESPONSE"
    | "PAYMENT_REQUIRED";
  /**
   * What happened, in the operator's words.
   */
  message?: string;
  /**
   * What to do about it.
   */
  hint?: string;
}
/**
 * A response to send again: its status, and header values it must carry (all of them, exactly; header names are case-insensitive).
 *
 * This interface was referenced by `ConnectorSpec`'s JSON-Schema
 * via the `definition` "retryRule".
 */
export interface RetryRule {
  /**
   * HTTP status to match (an error status: 400 or above).
   */
  status: number;
  /**
   * Header values the response must carry, compared exactly after trimming.
   */
  headers?: StringMap;
  /**
   * Header saying when to try again: seconds to wait, an HTTP date, or a Unix time in seconds or milliseconds (values of 10^9 and above). When absent or unreadable, Retry-After and the usual rate-limit reset headers are read, else exponential backoff.
   */
  waitHeader?: string;
}
/**
 * What the credential may do, found out when authentication is saved, without changing anything on the target. One request the target answers differently by the credential's rights: a write that a full-access credential is refused for its body (an empty or invalid one, so nothing is created) and a read-only one for its rights (PagerDuty: 403 on every request whose method is not GET). `answers` reads the status: `readOnly` (the integration is import-only from the first save, the `reason` shown) or `writeAllowed`. Any other answer, a network failure or a 5xx is `unknown`: the host keeps write actions off and says why. The request is sent once (never retried), with the connection's authentication and headers.
 *
 * This interface was referenced by `ConnectorSpec`'s JSON-Schema
 * via the `definition` "probe".
 */
export interface Probe {
  /**
   * What the probe sends and why it changes nothing, for the reader of the spec.
   */
  description?: string;
  /**
   * HTTP method; a write method, so the target judges write rights.
   */
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /**
   * Path relative to the base URL; `{inputs.<name>}` placeholders only.
   */
  path: string;
  query?: StringMap;
  headers?: StringMap;
  /**
   * JSON body template (inputs only). It must be one the target refuses for its content when the credential may write, so the probe never creates or changes anything.
   */
  body?: string;
  /**
   * How to read the answer, by status; the first rule with the answer's status decides.
   *
   * @minItems 1
   */
  answers: [ProbeAnswer, ...ProbeAnswer[]];
}
/**
 * One status of the probe's answer and what it tells of the credential.
 *
 * This interface was referenced by `ConnectorSpec`'s JSON-Schema
 * via the `definition` "probeAnswer".
 */
export interface ProbeAnswer {
  /**
   * HTTP status to match.
   */
  status: number;
  /**
   * `readOnly`: the credential may only read (write actions are not offered); `writeAllowed`: the target judged the request's content, so the credential may write.
   */
  means: "readOnly" | "writeAllowed";
  /**
   * What the operator is shown (import-only reason, console and API).
   */
  reason?: string;
}
/**
 * The actions the connector can run.
 */
export interface Actions {
  importUsers?: ImportAction;
  createUser?: WriteAction;
  activateUser?: WriteAction;
  deleteUser?: WriteAction;
  deactivateUser?: WriteAction;
  custom?: CustomActions;
}
/**
 * Import Users: lists the application's accounts.
 *
 * This interface was referenced by `ConnectorSpec`'s JSON-Schema
 * via the `definition` "importAction".
 */
export interface ImportAction {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /**
   * Path relative to the base URL. `{account.id}`-style placeholders are percent-encoded as one path segment.
   */
  path: string;
  /**
   * Query parameters; values are templates.
   */
  query?: StringMap;
  /**
   * Extra headers; values are templates.
   */
  headers?: StringMap;
  /**
   * Payload template (Handlebars). Every `{{value}}` is inserted JSON-encoded, so write `"name": {{user.name}}` without quotes. The result must be valid JSON.
   */
  body?: string;
  contentType?: string;
  /**
   * Status codes that mean success; any 2xx when absent.
   *
   * @minItems 1
   */
  success?: [number, ...number[]];
  /**
   * Whether the request can be retried safely; POST is not unless marked.
   */
  idempotent?: boolean;
  /**
   * Service plan the action needs.
   */
  plan?: "standard" | "business";
  errors?: ErrorHandling;
  /**
   * jq expression locating the array of user records in a response.
   */
  records?: string;
  mapping: Mapping;
  pagination?: Pagination;
  additionalLists?: AdditionalLists;
}
/**
 * Reading the target's error responses.
 *
 * This interface was referenced by `ConnectorSpec`'s JSON-Schema
 * via the `definition` "errorHandling".
 */
export interface ErrorHandling {
  /**
   * jq expression that extracts a human-readable message from an error body.
   */
  message?: string;
  rules?: ErrorRule[];
}
/**
 * jq expression per account field, evaluated on each record. id, email and name are required; other keys (admin, active, role, ...) are kept on the account.
 *
 * This interface was referenced by `ConnectorSpec`'s JSON-Schema
 * via the `definition` "mapping".
 */
export interface Mapping {
  id: string;
  email: string;
  name: string;
  [k: string]: string;
}
/**
 * One request returns every user.
 *
 * This interface was referenced by `ConnectorSpec`'s JSON-Schema
 * via the `definition` "noPagination".
 */
export interface NoPagination {
  type: "none";
}
/**
 * offset/limit query parameters. Stops when `more` is false, when `total` is reached, or on a page shorter than `limit`.
 *
 * This interface was referenced by `ConnectorSpec`'s JSON-Schema
 * via the `definition` "offsetPagination".
 */
export interface OffsetPagination {
  type: "offset";
  offsetParam?: string;
  limitParam?: string;
  limit: number;
  /**
   * jq over the body: true while more pages follow.
   */
  more?: string;
  /**
   * jq over the body: total number of records, when the target reports it.
   */
  total?: string;
  /**
   * Largest offset + limit the target serves; an import that needs more fails instead of returning a partial list.
   */
  maxOffset?: number;
  /**
   * Pages fetched at once when the total is known.
   */
  concurrency?: number;
  maxPages?: MaxPages;
}
/**
 * Page number (and page size) query parameters. Stops when `more` is false, after `totalPages`, or on a short or empty page.
 *
 * This interface was referenced by `ConnectorSpec`'s JSON-Schema
 * via the `definition` "pagePagination".
 */
export interface PagePagination {
  type: "page";
  pageParam?: string;
  sizeParam?: string;
  size?: number;
  firstPage?: number;
  /**
   * jq over the body: true while more pages follow.
   */
  more?: string;
  /**
   * jq over the body: number of pages.
   */
  totalPages?: string;
  maxPages?: MaxPages;
}
/**
 * A cursor read from the body and sent back as a query parameter. Stops when the cursor is null, empty or absent.
 *
 * This interface was referenced by `ConnectorSpec`'s JSON-Schema
 * via the `definition` "cursorPagination".
 */
export interface CursorPagination {
  type: "cursor";
  /**
   * jq over the body giving the next cursor.
   */
  cursor: string;
  /**
   * Query parameter that carries the cursor.
   */
  param: string;
  sizeParam?: string;
  size?: number;
  maxPages?: MaxPages;
}
/**
 * RFC 8288 Link header; follows the `next` relation on the same origin. Stops when there is none.
 *
 * This interface was referenced by `ConnectorSpec`'s JSON-Schema
 * via the `definition` "linkPagination".
 */
export interface LinkPagination {
  type: "link";
  rel?: string;
  sizeParam?: string;
  size?: number;
  maxPages?: MaxPages;
}
/**
 * The next page's URL read from the body by a jq expression (Zendesk `links.next`, Microsoft Graph `@odata.nextLink`). An absolute URL or one relative to the page just read; it must stay on the base URL's origin and under its path, so credentials never leave it. Stops when the expression gives null, an empty string or nothing; fails when a URL repeats or at `maxPages`.
 *
 * This interface was referenced by `ConnectorSpec`'s JSON-Schema
 * via the `definition` "nextUrlPagination".
 */
export interface NextUrlPagination {
  type: "nextUrl";
  next: NextPageURL;
  /**
   * Query parameter for the page size, sent on the first request only (the next URLs carry it on).
   */
  sizeParam?: string;
  size?: number;
  maxPages?: MaxPages;
}
/**
 * SCIM 2.0 startIndex/count (RFC 7644 section 3.4.2.4). Stops when totalResults is reached; a repeated page is never counted twice.
 *
 * This interface was referenced by `ConnectorSpec`'s JSON-Schema
 * via the `definition` "scimPagination".
 */
export interface ScimPagination {
  type: "scim";
  count?: number;
  maxPages?: MaxPages;
}
/**
 * One more list of accounts an import reads, with its own request, records, mapping and pagination (GitHub: organization members and pending invitations).
 *
 * This interface was referenced by `ConnectorSpec`'s JSON-Schema
 * via the `definition` "importList".
 */
export interface ImportList {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /**
   * Path relative to the base URL. `{account.id}`-style placeholders are percent-encoded as one path segment.
   */
  path: string;
  /**
   * Query parameters; values are templates.
   */
  query?: StringMap;
  /**
   * Extra headers; values are templates.
   */
  headers?: StringMap;
  /**
   * Payload template (Handlebars). Every `{{value}}` is inserted JSON-encoded, so write `"name": {{user.name}}` without quotes. The result must be valid JSON.
   */
  body?: string;
  contentType?: string;
  /**
   * Status codes that mean success; any 2xx when absent.
   *
   * @minItems 1
   */
  success?: [number, ...number[]];
  errors?: ErrorHandling;
  /**
   * Whether the list's request may be sent again after a failure. Default: true for GET, false for POST (a search that only reads may be marked).
   */
  idempotent?: boolean;
  /**
   * jq expression locating the array of user records in a response.
   */
  records?: string;
  mapping: Mapping;
  pagination?: Pagination;
}
/**
 * Create, Activate, Delete or Deactivate User: one request (`method`, `path`, ...) or a short sequence of them (`steps`).
 *
 * This interface was referenced by `ConnectorSpec`'s JSON-Schema
 * via the `definition` "writeAction".
 */
export interface WriteAction {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /**
   * Path relative to the base URL. `{account.id}`-style placeholders are percent-encoded as one path segment.
   */
  path?: string;
  /**
   * Query parameters; values are templates.
   */
  query?: StringMap;
  /**
   * Extra headers; values are templates.
   */
  headers?: StringMap;
  /**
   * Payload template (Handlebars). Every `{{value}}` is inserted JSON-encoded, so write `"name": {{user.name}}` without quotes. The result must be valid JSON.
   */
  body?: string;
  contentType?: string;
  /**
   * Status codes that mean success; any 2xx when absent.
   *
   * @minItems 1
   */
  success?: [number, ...number[]];
  /**
   * Whether the request can be sent again after a 5xx, a timeout or a reset (it may have been processed). GET, PUT and DELETE are; POST and PATCH (RFC 5789) are not unless marked.
   */
  idempotent?: boolean;
  maxInFlight?: MostCallsInFlight;
  requires?: RequiredValues;
  generate?: GeneratedSecrets;
  createsInactive?: CreatesInactive;
  /**
   * Service plan the action needs.
   */
  plan?: "standard" | "business";
  errors?: ErrorHandling;
  /**
   * How the target says there was nothing to do: the account is already gone (`alreadyAbsent`, e.g. deleteUser of a deleted user) or already in the wanted state (`alreadyDone`, e.g. activating an active user). A rule matches a response with its status whose JSON body makes `when` give true; a response no rule matches is an error as usual, so a 404 from a wrong base URL is never taken for an absent account.
   */
  outcomes?: OutcomeRule[];
  /**
   * Deprecated: use `outcomes` with a `when` condition. Statuses meaning the account is already gone, from the status alone; lowered to outcome rules that need a JSON body. No default: a 404 with no matching rule is NOT_FOUND.
   */
  absentOn?: number[];
  /**
   * jq expression locating the created or changed record in the response, mapped with the import mapping.
   */
  result?: string;
  steps?: Steps;
}
/**
 * Values the runtime generates for each call, available to the templates as `generated.<name>` and handed back in the action's result as `secrets.<name>`, never logged (they are redacted like the credentials). `password`: a one-time password of `length` characters with upper and lower case letters, digits and symbols, for targets that need an initial password and send no welcome email (Microsoft Graph).
 */
export interface GeneratedSecrets {
  [k: string]: GeneratedSecret;
}
export interface GeneratedSecret {
  type: "password";
  length?: number;
}
/**
 * A response that means the action had nothing to do, proven by the target's own words: a status and a jq condition on the JSON body.
 *
 * This interface was referenced by `ConnectorSpec`'s JSON-Schema
 * via the `definition` "outcomeRule".
 */
export interface OutcomeRule {
  /**
   * HTTP status to match.
   */
  status: number;
  /**
   * jq over the JSON body; the rule matches when it gives true. A body that is not JSON never matches.
   */
  when: string;
  /**
   * `alreadyAbsent`: the account is already gone. `alreadyDone`: the account is already in the state the action wants.
   */
  means: "alreadyAbsent" | "alreadyDone";
}
/**
 * One request of a write action's `steps`.
 *
 * This interface was referenced by `ConnectorSpec`'s JSON-Schema
 * via the `definition` "writeStep".
 */
export interface WriteStep {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /**
   * Path relative to the base URL. `{account.id}`-style placeholders are percent-encoded as one path segment.
   */
  path: string;
  /**
   * Query parameters; values are templates.
   */
  query?: StringMap;
  /**
   * Extra headers; values are templates.
   */
  headers?: StringMap;
  /**
   * Payload template (Handlebars). Every `{{value}}` is inserted JSON-encoded, so write `"name": {{user.name}}` without quotes. The result must be valid JSON.
   */
  body?: string;
  contentType?: string;
  /**
   * Status codes that mean success; any 2xx when absent.
   *
   * @minItems 1
   */
  success?: [number, ...number[]];
  /**
   * Whether the request can be sent again after a 5xx, a timeout or a reset (it may have been processed). GET, PUT and DELETE are; POST and PATCH (RFC 5789) are not unless marked.
   */
  idempotent?: boolean;
  /**
   * How the target says there was nothing to do: the account is already gone (`alreadyAbsent`, e.g. deleteUser of a deleted user) or already in the wanted state (`alreadyDone`, e.g. activating an active user). A rule matches a response with its status whose JSON body makes `when` give true; a response no rule matches is an error as usual, so a 404 from a wrong base URL is never taken for an absent account.
   */
  outcomes?: OutcomeRule[];
  when?: Condition;
}
/**
 * User-defined actions run from workflows (for example ordering an asset), keyed by a camelCase name. They need the Business plan.
 */
export interface CustomActions {
  [k: string]: CustomAction;
}
/**
 * A user-defined action run from a workflow ('Run provisioner action for user'). Needs the Business plan.
 *
 * This interface was referenced by `ConnectorSpec`'s JSON-Schema
 * via the `definition` "customAction".
 */
export interface CustomAction {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /**
   * Path relative to the base URL. `{account.id}`-style placeholders are percent-encoded as one path segment.
   */
  path: string;
  /**
   * Query parameters; values are templates.
   */
  query?: StringMap;
  /**
   * Extra headers; values are templates.
   */
  headers?: StringMap;
  /**
   * Payload template (Handlebars). Every `{{value}}` is inserted JSON-encoded, so write `"name": {{user.name}}` without quotes. The result must be valid JSON.
   */
  body?: string;
  contentType?: string;
  /**
   * Status codes that mean success; any 2xx when absent.
   *
   * @minItems 1
   */
  success?: [number, ...number[]];
  /**
   * Whether the request can be retried safely; POST is not unless marked.
   */
  idempotent?: boolean;
  maxInFlight?: MostCallsInFlight1;
  /**
   * Service plan the action needs.
   */
  plan?: "standard" | "business";
  errors?: ErrorHandling;
  label?: string;
  description?: string;
  /**
   * Variables the workflow passes, available to templates as `vars.<name>`.
   */
  variables?: {
    [k: string]: {
      type?: "string" | "number" | "boolean";
      required?: boolean;
      description?: string;
    };
  };
  /**
   * jq expression selecting what to return from the response body.
   */
  result?: string;
}

/** The standard lifecycle actions, in the schema's order. */
export const STANDARD_ACTION_NAMES = ["importUsers","createUser","activateUser","deleteUser","deactivateUser"] as const satisfies readonly StandardActionName[];

/** Each auth type's field defaults from the schema, for code that reads a spec before it is lowered. */
export const AUTH_DEFAULTS = {"none":{},"bearer":{"token":"token","header":"Authorization","prefix":"Bearer "},"basic":{"username":"username","password":"password"},"apiKey":{"value":"{{ .Key }}","key":"token"},"oauth2":{"clientAuth":"client_secret_basic","pkce":true,"header":"Authorization","prefix":"Bearer "}} as const;

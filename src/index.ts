/**
 * What the package offers: the runtime (`connect()`, its types, `ConnectorError`), the compiler
 * (validate and compile connector specs), and the OAuth 2.0 authorization URL for the consent step.
 */
export { connect } from './runtime/connect.js';
export { ConnectorError, isConnectorError, type ConnectorErrorCode, type ConnectorErrorDetails } from './runtime/errors.js';
export type { Client, AccountRef, ActionVariables } from './runtime/client.js';
export type { ConnectOptions, Actor, Person, RetryOptions, Account, RecordProblem } from './runtime/connect-options.js';
export type { ImportPage, ImportRun } from './runtime/actions/import-users.js';
export type { ImportLimits } from './runtime/actions/import-limits.js';
export type { ImportSummary } from './runtime/actions/import-summary.js';
export { ALLOW_ANY, ALLOW_LOOPBACK, type EgressPolicy } from './runtime/http/egress-policy.js';
export type { ActionResult, CreateOptions } from './runtime/actions/write-action.js';
export type { RenderedRequest, TestResult } from './runtime/actions/inspect-action.js';
export type { PreviewResult, PreviewRecord } from './runtime/actions/preview-records.js';
export type { ConnectionCheck } from './runtime/actions/test-connection.js';
export type { CapabilityProbe, ProbeVerdict } from './runtime/actions/probe-capabilities.js';
export { findMoreSignals, describeMoreSignals, type MoreSignal, type MoreSignalKind } from './runtime/pagination/more-signals.js';
export type { RuntimeEvent, RuntimeLogger } from './runtime/runtime-event.js';
export {
  validateSpecText,
  compileSpecText,
  loadSpecFile,
  compileSpecFile,
  SpecValidationError,
  type Diagnostic,
} from './compiler/index.js';
export { buildAuthorizationUrl, secretInputNames } from './runtime/auth/index.js';
export type { CompiledConnector, InputValues, PrecompiledConnector } from './connector.js';
export type { ConnectorSpec } from '../generated/spec-types.js';

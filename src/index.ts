/**
 * What the package offers. The runtime: `connect()` and its types, and `ConnectorError`.
 * (The compiler's exports are added by the toolchain.)
 */
export { connect } from './runtime/connect.js';
export { ConnectorError, isConnectorError, type ConnectorErrorCode, type ConnectorErrorDetails } from './runtime/errors.js';
export type { Client, AccountRef, ActionVariables } from './runtime/client.js';
export type { ConnectOptions, Actor, Person, RetryOptions, Account, RecordProblem } from './runtime/connect-options.js';
export type { ImportPage, ImportRun } from './runtime/actions/import-users.js';
export type { ActionResult } from './runtime/actions/write-action.js';
export type { RenderedRequest, TestResult } from './runtime/actions/inspect-action.js';
export type { PreviewResult, PreviewRecord } from './runtime/actions/preview-records.js';
export type { ConnectionCheck } from './runtime/actions/test-connection.js';
export type { CompiledConnector, InputValues } from './connector.js';
export type { ConnectorSpec } from '../generated/spec-types.js';

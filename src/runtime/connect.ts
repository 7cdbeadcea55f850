/**
 * `connect(connector, inputs, options)`: checks the inputs, sets up auth, HTTP and redaction
 * once, and returns a client whose methods are the connector's actions. Templates and jq are
 * compiled on first use, once per connector. Every error leaving a method is redacted.
 */
import type { AnswerLimits } from '../jq/index.js';
import type { CompiledConnector, InputValues, StandardActionName } from '../connector.js';
import { STANDARD_ACTION_NAMES } from '../../generated/spec-types.js';
import { createImportRun } from './actions/import-users.js';
import { previewPayloadFor, renderRequestFor, testAction } from './actions/inspect-action.js';
import { previewRecords } from './actions/preview-records.js';
import { checkConnection } from './actions/test-connection.js';
import { probeCapabilities } from './actions/probe-capabilities.js';
import { checkCustomVariables, customKey, runWriteAction, variablesFor, type CreateOptions, type WriteActionName } from './actions/write-action.js';
import type { Client } from './client.js';
import { compileConnector, type AnyConnector } from './compile-connector.js';
import { jqCompileOptions, type ConnectOptions } from './connect-options.js';
import { createConnection } from './connection.js';
import { ConnectorError } from './errors.js';
import { redactError } from './map-http-error.js';
import { Redactor } from './redact.js';
import { secretInputNames } from './auth/index.js';

const WRITE_ACTIONS = STANDARD_ACTION_NAMES.filter((name): name is WriteActionName => name !== 'importUsers');

export function connect<I extends InputValues, A extends StandardActionName, X extends string>(
  connector: CompiledConnector<I, A, X>,
  inputs: NoInfer<I>,
  options: ConnectOptions = {},
): Client<A, X> {
  const any = connector as unknown as AnyConnector;
  let connection: ReturnType<typeof createConnection>;
  try {
    connection = createConnection(any, inputs, options);
  } catch (error) {
    // No connection redactor yet: redact the secret inputs with a fresh one.
    const redactor = new Redactor();
    for (const name of secretInputNames(connector.spec)) redactor.registerSecret(inputs[name]);
    throw redactError(error, redactor);
  }
  const jq = jqCompileOptions(any.spec.type, options.jq);
  const runtime = () => compileConnector(any, jq);
  const guard = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw redactError(error, connection.redactor);
    }
  };
  const client: Record<string, unknown> = {
    importUsers: () => createImportRun(connection, runtime),
    runCustomAction: (name: string, vars: Record<string, unknown> = {}, subject: { user?: unknown; account?: unknown } = {}) =>
      guard(async () => {
        const compiled = await runtime();
        checkCustomVariables(compiled, name, vars);
        return runWriteAction({ connection, runtime: compiled, key: customKey(name), label: name, variables: { ...subject, vars } });
      }),
    testConnection: () => guard(async () => checkConnection(connection, await runtime())),
    probeCapabilities: () => guard(async () => probeCapabilities(connection, await runtime())),
    test: (action: string, variables = {}, testOptions: { live?: boolean; sample?: AnswerLimits } = {}) =>
      guard(async () =>
        testAction({
          connection,
          runtime: await runtime(),
          action,
          variables,
          live: testOptions.live === true,
          ...(testOptions.sample ? { sample: testOptions.sample } : {}),
        }),
      ),
    preview: (body: unknown) => guard(async () => previewRecords(connection, await runtime(), body)),
    previewPayload: (action: string, variables = {}) => guard(async () => previewPayloadFor({ connection, runtime: await runtime(), action, variables })),
    renderRequest: (action: string, variables = {}) => guard(async () => renderRequestFor({ connection, runtime: await runtime(), action, variables })),
    close: () => connection.transport.close(),
  };
  for (const action of WRITE_ACTIONS) {
    if (!connector.spec.actions[action]) continue;
    client[action] = (subject: unknown, createOptions?: CreateOptions) =>
      guard(async () => {
        if (subject === null || typeof subject !== 'object') {
          throw new ConnectorError('CONFIG', `${action} needs ${action === 'createUser' ? 'a person' : 'an account'} object`, { action });
        }
        return runWriteAction({ connection, runtime: await runtime(), key: action, label: action, variables: variablesFor(action, subject, createOptions) });
      });
  }
  if (!connector.spec.actions.importUsers) delete client.importUsers;
  if (Object.keys(connector.spec.actions.custom ?? {}).length === 0) delete client.runCustomAction;
  return client as unknown as Client<A, X>;
}

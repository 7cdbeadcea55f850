/** What every operation of one open service shares: its database, its keys, its policies and its log. */
import type { Keyring } from './crypto/keyring.js';
import type { Database } from './store/database.js';
import type { EgressPolicy } from '../runtime/http/egress-policy.js';
import type { ConnectOptions } from '../runtime/connect-options.js';
import type { ServiceLogger } from './service-log.js';

export interface ServiceContext {
  readonly db: Database;
  readonly keyring: Keyring;
  /** Which addresses integrations may reach: public only unless the operator allows more. */
  readonly egress: EgressPolicy;
  /** Where and under which limits integrations' jq runs (connect()'s defaults unless the operator sets them). */
  readonly jq: ConnectOptions['jq'];
  /** The service's own log (service-log.ts): why Test, Preview or Generate Config refused an answer or failed. */
  readonly log: ServiceLogger;
  /** Timeouts of every request to a target (connect()'s defaults unless the operator sets them). */
  readonly timeouts: ConnectOptions['timeouts'];
}

/** What every operation of one open service shares: its database and its keys. */
import type { Keyring } from './crypto/keyring.js';
import type { Database } from './store/database.js';
import type { EgressPolicy } from '../runtime/http/egress-policy.js';

export interface ServiceContext {
  readonly db: Database;
  readonly keyring: Keyring;
  /** Which addresses integrations may reach: public only unless the operator allows more. */
  readonly egress: EgressPolicy;
}

/** What every operation of one open service shares: its database and its keys. */
import type { Keyring } from './crypto/keyring.js';
import type { Database } from './store/database.js';

export interface ServiceContext {
  readonly db: Database;
  readonly keyring: Keyring;
}

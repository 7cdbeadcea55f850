/** What every operation of one open service shares: its database (and, as they arrive, its keys). */
import type { Database } from './store/database.js';

export interface ServiceContext {
  readonly db: Database;
}

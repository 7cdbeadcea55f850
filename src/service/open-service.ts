/**
 * `openService(options)`: opens the database (embedded in a data directory, or a PostgreSQL server),
 * brings its schema up to date, and returns the service's operations. One open service per data
 * directory and process; `close()` releases the database and the directory's lock.
 */
import type { ServiceContext } from './context.js';
import { openDatabase, type StorageOptions } from './store/open-database.js';
import { tenantOperations, type TenantOperations } from './tenants/tenants.js';

export type ServiceOptions = StorageOptions;

export interface Service {
  /** `embedded` (PGlite in the data directory) or `postgres`. */
  readonly storage: 'embedded' | 'postgres';
  readonly tenants: TenantOperations;
  close(): Promise<void>;
}

export async function openService(options: ServiceOptions): Promise<Service> {
  const db = await openDatabase(options);
  const context: ServiceContext = { db };
  let closed: Promise<void> | undefined;
  return {
    storage: db.kind,
    tenants: tenantOperations(context),
    close: () => (closed ??= db.close()),
  };
}

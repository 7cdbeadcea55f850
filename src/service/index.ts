/** The integration service as a library: open it on a data directory or a PostgreSQL server. */
export { openService, type Service, type ServiceOptions } from './open-service.js';
export { ServiceError, isServiceError, type ServiceErrorCode } from './service-error.js';
export { PLANS, FEATURE_PLANS, type Plan, type Feature } from './tenants/plans.js';
export type { Tenant, TenantOperations } from './tenants/tenants.js';
export type { IntegrationOperations, IntegrationRef, ConfigureAuthResult } from './integrations/integrations.js';
export type { Integration } from './integrations/integration-view.js';
export type { IntegrationChoice, IntegrationType } from './integrations/integration-types.js';
export { INTEGRATION_TYPES } from './integrations/integration-types.js';
export type { OfferedAction, ActionKind } from './integrations/offered-actions.js';
export type { AuthFailure } from './integrations/configure-auth.js';
export { AUDIT_EVENTS, type AuditEntry, type AuditEvent, type AuditOperations, type AuditPage } from './audit/audit-log.js';
export type { KeyRotation } from './open-service.js';
export type { SyncOperations, AccountEvent, AccountPage } from './sync/sync-operations.js';
export type { SyncRun, SyncStatus, SyncedAccount } from './sync/sync-view.js';
export type { SyncSettings, AccountState } from './sync/sync-policy.js';
export type { SyncOptions } from './sync/sync-service.js';
export type { PeopleOperations, Person, OrphanAccount, EmailConflict } from './people/people.js';
export type { AccessOperations, AccessGrid, GridQuery, AuditLine } from './access/access-views.js';

/**
 * Console operators who sign in with a username and password instead of an API token: one tenant
 * and one role each (admin configures, viewer reads), created by the CLI (an operator's act, as
 * tokens are). Sign-in answers a Caller as a token does; an unknown username costs the same scrypt
 * work as a wrong password, so response times do not tell which usernames exist.
 */
import { randomUUID } from 'node:crypto';
import { recordAudit } from '../audit/audit-log.js';
import type { ServiceContext } from '../context.js';
import { ServiceError } from '../service-error.js';
import { findLiveOperatorById, findOperatorForSignIn, insertOperator, listOperatorRows, type OperatorRow } from '../store/operators-and-sessions.js';
import { loadTenant } from '../tenants/tenants.js';
import { parseRole, type Caller, type TokenRole } from '../tokens/api-tokens.js';
import { requireActor } from '../validate-input.js';
import { hashPassword, verifyPassword } from './password-hash.js';

export interface OperatorInfo {
  operatorId: string;
  tenantId: string;
  username: string;
  role: TokenRole;
  /** ISO 8601. */
  createdAt: string;
}

export interface OperatorOperations {
  /** A new operator of the tenant; the password is hashed (never stored, logged or returned). */
  create(input: { tenantId: string; username: string; password: string; role: TokenRole; actor: string }): Promise<OperatorInfo>;
  list(input: { tenantId: string }): Promise<OperatorInfo[]>;
  /** The caller of a username and password; undefined for any failure, whatever its cause. */
  verify(input: { username: string; password: string }): Promise<Caller | undefined>;
  /** The caller of an operator id while the operator is enabled (a console session asks this on every request). */
  liveCaller(operatorId: string): Promise<Caller | undefined>;
}

/** Lowercase letters, digits and . _ @ - (an email works): 3 to 100 characters. */
const USERNAME = /^[a-z0-9][a-z0-9._@-]{2,99}$/;
export const PASSWORD_LIMITS = { min: 12, max: 1024 } as const;

export function normalizeUsername(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const username = value.trim().toLowerCase();
  return USERNAME.test(username) ? username : undefined;
}

function toInfo(row: OperatorRow): OperatorInfo {
  return { operatorId: row.id, tenantId: row.tenant_id, username: row.username, role: row.role, createdAt: new Date(row.created_at).toISOString() };
}

const callerOf = (row: OperatorRow): Caller => ({ operatorId: row.id, tenantId: row.tenant_id, role: row.role, name: row.username });

export function operatorOperations(context: ServiceContext): OperatorOperations {
  const { db } = context;
  // The hash an unknown username is checked against: the same scrypt work as a real one.
  let decoy: Promise<string> | undefined;
  return {
    async create(input) {
      const actor = requireActor(input.actor);
      const role = parseRole(input.role);
      const username = normalizeUsername(input.username);
      if (username === undefined)
        throw new ServiceError('INVALID_INPUT', 'username must be 3 to 100 lowercase letters, digits or . _ @ -', {
          hint: 'for example ada or ada@example.com',
        });
      const { password } = input;
      if (typeof password !== 'string' || password.length < PASSWORD_LIMITS.min || password.length > PASSWORD_LIMITS.max) {
        throw new ServiceError('INVALID_INPUT', `the password must be ${PASSWORD_LIMITS.min} to ${PASSWORD_LIMITS.max} characters`, {
          hint: 'use a passphrase of several words',
        });
      }
      const passwordHash = await hashPassword(password);
      return db.transaction(async (tx) => {
        await loadTenant(tx, input.tenantId);
        const row = await insertOperator(tx, { id: randomUUID(), tenantId: input.tenantId, username, role, passwordHash });
        if (!row)
          throw new ServiceError('INVALID_INPUT', `the username ${username} is taken`, { hint: 'usernames are unique across the service; choose another' });
        await recordAudit(tx, { tenantId: row.tenant_id, actor, event: 'operator.created', detail: { operatorId: row.id, username, role } });
        return toInfo(row);
      });
    },
    async list(input) {
      await loadTenant(db, input.tenantId);
      return (await listOperatorRows(db, input.tenantId)).map(toInfo);
    },
    async verify(input) {
      const username = normalizeUsername(input.username);
      const password = typeof input.password === 'string' && input.password.length <= PASSWORD_LIMITS.max ? input.password : '';
      const row = username === undefined ? undefined : await findOperatorForSignIn(db, username);
      decoy ??= hashPassword('not a password of anyone');
      const matches = await verifyPassword(password, row?.password_hash ?? (await decoy));
      return row && matches && password !== '' ? callerOf(row) : undefined;
    },
    async liveCaller(operatorId) {
      if (typeof operatorId !== 'string' || !/^[0-9a-f-]{36}$/.test(operatorId)) return undefined;
      const row = await findLiveOperatorById(db, operatorId);
      return row && callerOf(row);
    },
  };
}

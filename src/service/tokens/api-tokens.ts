/**
 * Tenant API tokens: 32 random bytes behind a recognisable prefix (so a leaked token can be found
 * by secret scanners), shown once when created and stored only as their SHA-256. A token belongs
 * to one tenant and has a role: admin configures, viewer reads.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { recordAudit } from '../audit/audit-log.js';
import type { ServiceContext } from '../context.js';
import { ServiceError } from '../service-error.js';
import { findTokenByHash, insertToken } from '../store/token-rows.js';
import { loadTenant } from '../tenants/tenants.js';
import { requireActor, requireText } from '../validate-input.js';

export const TOKEN_PREFIX = 'lcs_';
export const TOKEN_ROLES = ['admin', 'viewer'] as const;
export type TokenRole = (typeof TOKEN_ROLES)[number];

/** Who a verified token speaks for. */
export interface Caller {
  tokenId: string;
  tenantId: string;
  role: TokenRole;
  name: string;
}

export interface CreatedToken extends Caller {
  /** The token itself: shown once, never stored. */
  token: string;
}

export interface TokenOperations {
  create(input: { tenantId: string; role: TokenRole; name?: string; actor: string }): Promise<CreatedToken>;
  /** The caller of a presented token; undefined for an unknown, revoked or malformed one. */
  verify(token: string): Promise<Caller | undefined>;
}

const TOKEN_PATTERN = new RegExp(`^${TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`);

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function generateToken(): string {
  return `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
}

export function parseRole(value: unknown): TokenRole {
  if (typeof value === 'string' && (TOKEN_ROLES as readonly string[]).includes(value)) return value as TokenRole;
  throw new ServiceError('INVALID_INPUT', `role must be one of ${TOKEN_ROLES.join(', ')}`, { hint: 'admin configures integrations, viewer only reads' });
}

export function tokenOperations(context: ServiceContext): TokenOperations {
  const { db } = context;
  return {
    async create(input) {
      const role = parseRole(input.role);
      const actor = requireActor(input.actor);
      const name = input.name === undefined ? `${role} token` : requireText('name', input.name);
      const token = generateToken();
      return db.transaction(async (tx) => {
        await loadTenant(tx, input.tenantId);
        const row = await insertToken(tx, { id: randomUUID(), tenantId: input.tenantId, name, role, tokenHash: hashToken(token) });
        await recordAudit(tx, { tenantId: row.tenant_id, actor, event: 'token.created', detail: { tokenId: row.id, name, role } });
        return { token, tokenId: row.id, tenantId: row.tenant_id, role: row.role, name: row.name };
      });
    },
    async verify(token) {
      if (typeof token !== 'string' || !TOKEN_PATTERN.test(token)) return undefined;
      const row = await findTokenByHash(db, hashToken(token));
      return row && { tokenId: row.id, tenantId: row.tenant_id, role: row.role, name: row.name };
    },
  };
}

/**
 * Tenant API tokens: 32 random bytes behind a recognisable prefix (so a leaked token can be found
 * by secret scanners), shown once when created and stored only as their SHA-256. A token belongs
 * to one tenant and has a role: admin configures, viewer reads, reviewer reads and decides the
 * items of the access review campaigns that name it (reviews/review-access.ts).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { recordAudit } from '../audit/audit-log.js';
import type { ServiceContext } from '../context.js';
import { ServiceError } from '../service-error.js';
import {
  findLiveTokenById,
  findTokenByHash,
  insertToken,
  listTokenPage,
  listTokenRows,
  revokeTokenRow,
  touchToken,
  type TokenListRow,
} from '../store/token-rows.js';
import { loadTenant } from '../tenants/tenants.js';
import { decodeCursor, pageOf, pageSize, PAGE_LIMITS, type PageInput } from '../page-cursor.js';
import { requireActor, requireText } from '../validate-input.js';

export const TOKEN_PREFIX = 'lcs_';
export const TOKEN_ROLES = ['admin', 'reviewer', 'viewer'] as const;
export type TokenRole = (typeof TOKEN_ROLES)[number];

/** Who a verified token (or a console operator signed in with a password) speaks for. */
export interface Caller {
  /** The API token's id; absent for an operator signed in with a username and password. */
  tokenId?: string;
  /** The console operator's id (operators/operators.ts); absent for a token. */
  operatorId?: string;
  tenantId: string;
  role: TokenRole;
  name: string;
}

/** A caller in the audit log: `token:<id> (<name>)` or `operator:<id> (<username>)`, never a secret. */
export function callerLabel(caller: Caller): string {
  return caller.operatorId !== undefined ? `operator:${caller.operatorId} (${caller.name})` : `token:${caller.tokenId} (${caller.name})`;
}

export interface CreatedToken extends Caller {
  tokenId: string;
  /** The token itself: shown once, never stored. */
  token: string;
}

/** A token as listed: never the token, never its hash. */
export interface TokenInfo {
  tokenId: string;
  tenantId: string;
  name: string;
  role: TokenRole;
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601; a revoked token is refused from then on. */
  revokedAt: string | null;
  /** ISO 8601, to the minute (recorded at most once a minute); null if never used. */
  lastUsedAt: string | null;
}

export interface TokenOperations {
  create(input: { tenantId: string; role: TokenRole; name?: string; actor: string }): Promise<CreatedToken>;
  /** The tenant's tokens, oldest first, revoked ones included. */
  list(input: { tenantId: string }): Promise<TokenInfo[]>;
  /** The tenant's tokens oldest first, a page at a time (`next`: the cursor of the next page, absent on the last). */
  page(input: { tenantId: string } & PageInput): Promise<{ tokens: TokenInfo[]; next?: string }>;
  /** Revokes one token of the tenant at once (idempotent); another tenant's token is NOT_FOUND. */
  revoke(input: { tenantId: string; tokenId: string; actor: string }): Promise<TokenInfo>;
  /** The caller of a presented token; undefined for an unknown, revoked or malformed one. */
  verify(token: string): Promise<Caller | undefined>;
  /**
   * The caller of a token id while that token is live; undefined once it is revoked. A console
   * session keeps the token id (never the token) and asks this on every request, so revoking the
   * token ends its sessions at once, as it does for the API.
   */
  liveCaller(tokenId: string): Promise<Caller | undefined>;
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
  throw new ServiceError('INVALID_INPUT', `role must be one of ${TOKEN_ROLES.join(', ')}`, {
    hint: 'admin configures integrations, viewer only reads, reviewer reads and decides in the review campaigns that name it',
  });
}

function toTokenInfo(row: TokenListRow): TokenInfo {
  return {
    tokenId: row.id,
    tenantId: row.tenant_id,
    name: row.name,
    role: row.role,
    createdAt: new Date(row.created_at).toISOString(),
    revokedAt: row.revoked_at === null ? null : new Date(row.revoked_at).toISOString(),
    lastUsedAt: row.last_used_at === null ? null : new Date(row.last_used_at).toISOString(),
  };
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
    async list(input) {
      await loadTenant(db, input.tenantId);
      return (await listTokenRows(db, input.tenantId)).map(toTokenInfo);
    },
    async page(input) {
      await loadTenant(db, input.tenantId);
      const limit = pageSize(input.limit, PAGE_LIMITS);
      const rows = await listTokenPage(db, { tenantId: input.tenantId, after: decodeCursor(input.cursor, ['integer', 'text']), limit: limit + 1 });
      const page = pageOf(rows, limit, (row) => [row.created_at_key, row.id]);
      return { tokens: page.items.map(toTokenInfo), ...(page.next === undefined ? {} : { next: page.next }) };
    },
    async revoke(input) {
      const actor = requireActor(input.actor);
      const tokenId = requireText('tokenId', input.tokenId);
      return db.transaction(async (tx) => {
        await loadTenant(tx, input.tenantId);
        const row = await revokeTokenRow(tx, { tenantId: input.tenantId, tokenId });
        if (!row)
          throw new ServiceError('NOT_FOUND', `token ${tokenId} does not exist in tenant ${input.tenantId}`, {
            hint: 'list the tenant’s tokens to find its id',
          });
        await recordAudit(tx, { tenantId: row.tenant_id, actor, event: 'token.revoked', detail: { tokenId: row.id, name: row.name, role: row.role } });
        return toTokenInfo(row);
      });
    },
    async verify(token) {
      if (typeof token !== 'string' || !TOKEN_PATTERN.test(token)) return undefined;
      const row = await findTokenByHash(db, hashToken(token));
      if (!row) return undefined;
      if (row.use_is_stale) await touchToken(db, row.id);
      return { tokenId: row.id, tenantId: row.tenant_id, role: row.role, name: row.name };
    },
    async liveCaller(tokenId) {
      if (typeof tokenId !== 'string' || !/^[0-9a-f-]{36}$/.test(tokenId)) return undefined;
      const row = await findLiveTokenById(db, tokenId);
      return row && { tokenId: row.id, tenantId: row.tenant_id, role: row.role, name: row.name };
    },
  };
}

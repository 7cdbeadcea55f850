/**
 * The in-memory user store behind the SCIM test server, wired into SCIMMY through the User
 * resource's ingress (create/replace), egress (read/list) and degress (delete) handlers.
 *
 * SCIMMY keeps its declared resources in a process-wide singleton, so only one store is live per
 * process: `declareUserStore` replaces the handlers of the previous one.
 */
import { randomUUID } from 'node:crypto';
import SCIMMY from 'scimmy';

export interface StoredUser {
  id: string;
  userName: string;
  [attribute: string]: unknown;
}

export interface UserStore {
  users: Map<string, StoredUser>;
  /** Largest page the server returns, whatever `count` was asked for (handler-side cap). */
  pageCap: number;
}

export interface SeedScimUsersOptions {
  count: number;
  /** Every n-th user is inactive. */
  inactiveEvery?: number;
}

/** Users shaped the way SCIM clients see them in the wild: some only with name parts, some without emails. */
export function seedScimUsers(options: SeedScimUsersOptions): StoredUser[] {
  const { count, inactiveEvery = 5 } = options;
  const users: StoredUser[] = [];
  for (let index = 0; index < count; index += 1) {
    const number = String(index + 1).padStart(4, '0');
    const user: StoredUser = {
      id: `u-${number}`,
      userName: `person${number}@example.com`,
      name: { givenName: `Given${number}`, familyName: `Family${number}` },
      active: inactiveEvery <= 0 || index % inactiveEvery !== inactiveEvery - 1,
    };
    // Every third user has a displayName, every fourth no email at all (userName is still an email).
    if (index % 3 === 0) user.displayName = `Person ${number}`;
    if (index % 4 !== 3) user.emails = [{ value: `person${number}@example.com`, type: 'work', primary: true }];
    users.push(user);
  }
  return users;
}

function toPlain(instance: unknown): Record<string, unknown> {
  const plain = JSON.parse(JSON.stringify(instance)) as Record<string, unknown>;
  delete plain.schemas;
  delete plain.meta;
  return plain;
}

/** A 404 SCIM error. SCIMMY leaves scimType out when it is null; its types ask for a string. */
function notFound(id: string | undefined): Error {
  return new SCIMMY.Types.Error(404, null as unknown as string, `Resource ${id ?? ''} not found`);
}

function findUserName(store: UserStore, userName: string, exceptId?: string): StoredUser | undefined {
  const wanted = userName.toLowerCase();
  return [...store.users.values()].find((user) => user.userName.toLowerCase() === wanted && user.id !== exceptId);
}

export function declareUserStore(store: UserStore): void {
  SCIMMY.Resources.declare(SCIMMY.Resources.User)
    .ingress((resource, instance) => {
      const fields = toPlain(instance);
      const userName = String(fields.userName ?? '');
      // RFC 7644 section 3.3: a duplicate userName is a 409 with scimType "uniqueness".
      if (findUserName(store, userName, resource.id) !== undefined) {
        throw new SCIMMY.Types.Error(409, 'uniqueness', `A user with userName "${userName}" already exists`);
      }
      if (resource.id !== undefined && !store.users.has(resource.id)) {
        throw notFound(resource.id);
      }
      const stored: StoredUser = { ...fields, id: resource.id ?? randomUUID(), userName };
      store.users.set(stored.id, stored);
      return stored as never;
    })
    .egress((resource) => {
      if (resource.id !== undefined) {
        const user = store.users.get(resource.id);
        if (user === undefined) throw notFound(resource.id);
        return user as never;
      }
      const all = [...store.users.values()];
      const matching = resource.filter === undefined ? all : (resource.filter.match(all) as StoredUser[]);
      // Cap the page like real servers do; SCIMMY's ListResponse then reports the capped itemsPerPage.
      const requested = resource.constraints?.count ?? store.pageCap;
      resource.constraints = { ...resource.constraints, count: Math.min(requested, store.pageCap) };
      return matching as never;
    })
    .degress((resource) => {
      if (resource.id === undefined || !store.users.delete(resource.id)) {
        throw notFound(resource.id);
      }
    });
}

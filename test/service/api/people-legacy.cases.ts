/**
 * People who shared an email before migration 0130 (when the service still let two people have one
 * email): the migration keeps them all and fails on nothing; the conflict stays listed and paged;
 * no new sharing is let in; editing or archiving one of them resolves it. Shared by the embedded
 * run and test/postgres/.
 */
import { expect, it } from 'vitest';
import { openEmbeddedDatabase } from '../../../src/service/store/embedded-database.js';
import { loadMigrations, migrate } from '../../../src/service/store/migrate.js';
import { openPostgresDatabase } from '../../../src/service/store/postgres-database.js';
import type { StorageSetup } from '../helpers/service-fixture.js';
import type { ApiFixture } from './api-fixture.js';

export const LEGACY_TENANT = 'legacy-tenant';

/** The storage of `inner`, brought to the schema before 0130 and given two shared emails, before the service opens it. */
export function withLegacyDuplicates(inner: StorageSetup): StorageSetup {
  return {
    async options() {
      const options = await inner.options();
      const database = 'databaseUrl' in options ? await openPostgresDatabase(options.databaseUrl) : await openEmbeddedDatabase(options.dataDir);
      try {
        await migrate(
          database,
          (await loadMigrations()).filter((migration) => migration.version < '0130'),
        );
        await database.query("INSERT INTO tenants (id, name, plan) VALUES ($1, 'Legacy', 'standard')", [LEGACY_TENANT]);
        const people = [
          ['p-twin-a1', 'twin.a@example.com', 'Twin A one'],
          ['p-twin-a2', ' TWIN.A@example.com', 'Twin A two'],
          ['p-twin-b1', 'twin.b@example.com', 'Twin B one'],
          ['p-twin-b2', 'Twin.B@example.com', 'Twin B two'],
          ['p-single', 'single@example.com', 'Single'],
        ];
        for (const [id, email, name] of people)
          await database.query('INSERT INTO people (id, tenant_id, email, email_key, name) VALUES ($1, $2, $3, $4, $5)', [
            id,
            LEGACY_TENANT,
            email,
            email!.trim().toLowerCase(),
            name,
          ]);
      } finally {
        await database.close();
      }
      return options;
    },
    cleanup: () => inner.cleanup(),
  };
}

export function describeLegacyDuplicates(fixture: ApiFixture): void {
  it('keeps every person, lists and pages the shared emails, refuses new sharing, and resolves a conflict by an edit or an archive', async () => {
    const admin = (await fixture.service.tokens.create({ tenantId: LEGACY_TENANT, role: 'admin', actor: 'operator' })).token;
    const people = (await fixture.call(admin, 'GET', '/v1/people')).body.people as { id: string }[];
    expect(people.map((person) => person.id).sort()).toEqual(['p-single', 'p-twin-a1', 'p-twin-a2', 'p-twin-b1', 'p-twin-b2']);

    const conflicts = async () => (await fixture.call(admin, 'GET', '/v1/people/conflicts')).body.conflicts as { email: string; people: { id: string }[] }[];
    expect((await conflicts()).map((conflict) => [conflict.email, conflict.people.map((person) => person.id)])).toEqual([
      ['twin.a@example.com', ['p-twin-a1', 'p-twin-a2']],
      ['twin.b@example.com', ['p-twin-b1', 'p-twin-b2']],
    ]);
    const first = await fixture.call(admin, 'GET', '/v1/people/conflicts?limit=1');
    expect(first.body.conflicts.map((conflict: { email: string }) => conflict.email)).toEqual(['twin.a@example.com']);
    const second = await fixture.call(admin, 'GET', `/v1/people/conflicts?limit=1&cursor=${first.body.next}`);
    expect(second.body.conflicts.map((conflict: { email: string }) => conflict.email)).toEqual(['twin.b@example.com']);
    expect(second.body.next).toBeUndefined();

    // No third holder, and no one takes the single person's email.
    const third = await fixture.call(admin, 'POST', '/v1/people', { email: 'Twin.A@example.com', name: 'Twin A three' });
    expect(third).toMatchObject({ status: 409, body: { code: 'EMAIL_TAKEN', conflicts: [{ person: { id: 'p-twin-a1' } }] } });
    expect((await fixture.call(admin, 'POST', '/v1/people', { email: 'x@example.com', name: 'X', aliases: ['SINGLE@example.com'] })).status).toBe(409);
    // A twin keeps the shared email through an edit of their name.
    expect((await fixture.call(admin, 'PATCH', '/v1/people/p-twin-a2', { name: 'Twin A second' })).status).toBe(200);

    // One twin moves to an email of their own, the other is archived: both conflicts are gone.
    expect((await fixture.call(admin, 'PATCH', '/v1/people/p-twin-a2', { email: 'twin.a.2@example.com' })).status).toBe(200);
    expect((await fixture.call(admin, 'POST', '/v1/people/p-twin-b2/archive')).status).toBe(200);
    expect(await conflicts()).toEqual([]);
    // The one holder left holds the email as any other does: no one else may take it.
    expect((await fixture.call(admin, 'POST', '/v1/people', { email: 'twin.b@example.com', name: 'Twin B again' })).status).toBe(409);
    expect((await fixture.call(admin, 'PATCH', '/v1/people/p-twin-a2', { aliases: ['twin.a@example.com'] })).status).toBe(409);
  });
}

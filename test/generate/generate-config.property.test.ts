/**
 * Whatever the response, Generate Config either explains that no user array exists or proposes
 * expressions that compile and map every record to string id, email and name without failing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyMapping, applyRecordsPath } from '../../src/generate/apply-mapping.js';
import { generateConfig, NoUserArrayError } from '../../src/generate/generate-config.js';

const KEYS = [
  'id',
  'user_id',
  'gid',
  'key',
  'email',
  'mail',
  'name',
  'displayName',
  'first_name',
  'last_name',
  'login',
  'role',
  'status',
  'active',
  'suspended',
  'is_admin',
  'team_id',
  'user-name',
  '.tag',
  'profile',
  'emails',
];
const leaf = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.emailAddress(), fc.constantFrom('admin', 'active', 'ACTIVE', 'Ann Lee'));
const value = fc.oneof(
  { weight: 4, arbitrary: leaf },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...KEYS), leaf, { maxKeys: 4 }) },
  {
    weight: 1,
    arbitrary: fc.array(fc.record({ value: fc.oneof(fc.emailAddress(), fc.string()), primary: fc.boolean() }, { requiredKeys: [] }), { maxLength: 3 }),
  },
);
const record = fc.dictionary(fc.constantFrom(...KEYS), value, { maxKeys: 8 });
const response = fc.oneof(
  fc.array(record, { maxLength: 5 }),
  fc.record({ users: fc.array(record, { maxLength: 5 }), total: fc.integer() }),
  fc.record({ data: fc.record({ members: fc.array(record, { maxLength: 5 }) }), links: fc.array(fc.string(), { maxLength: 2 }) }),
  fc.jsonValue(),
);

describe('generateConfig on arbitrary responses', () => {
  it('proposes only expressions that run, or says there is no user array', async () => {
    await fc.assert(
      fc.asyncProperty(response, async (given) => {
        let config;
        try {
          config = generateConfig(given);
        } catch (error) {
          expect(error).toBeInstanceOf(NoUserArrayError);
          expect((error as NoUserArrayError).seen.length).toBeGreaterThan(0);
          return;
        }
        const records = await applyRecordsPath({ expression: config.records.expression, response: given, policy: 'customer' });
        expect(records.length).toBe(config.records.count);
        const mapped = await applyMapping({ records, mapping: config.mapping, limit: 5, policy: 'customer' });
        for (const { account, errors } of mapped) {
          expect(errors).toEqual([]);
          for (const field of ['id', 'email', 'name']) expect(typeof account[field]).toBe('string');
        }
      }),
      { numRuns: 150 },
    );
  });
});

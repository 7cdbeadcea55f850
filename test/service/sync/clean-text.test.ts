/** Text the database cannot hold (issue 23.7): what is changed, and that nothing else is. */
import { expect, it } from 'vitest';
import { cleanRecord, describeRepairs } from '../../../src/service/sync/clean-text.js';
import { toStaged } from '../../../src/service/store/account-rows.js';

it('removes U+0000 and replaces lone surrogates, everywhere in a record, naming each field', () => {
  const record = {
    id: 'P1',
    name: 'A\u0000B',
    email: 'ok@example.com',
    title: 'x\ud800y\udc00z',
    tags: ['fine', 'bad\u0000'],
    profile: { 'ci\u0000ty': 'Lagos', emoji: '\ud83d\ude00' },
    count: 3,
    empty: null,
  };
  const { record: cleaned, repairs } = cleanRecord(record);
  expect(cleaned).toEqual({
    id: 'P1',
    name: 'AB',
    email: 'ok@example.com',
    title: 'x\ufffdy\ufffdz',
    tags: ['fine', 'bad'],
    profile: { city: 'Lagos', emoji: '\ud83d\ude00' },
    count: 3,
    empty: null,
  });
  expect(describeRepairs(repairs)).toBe(
    'name: 1 U+0000 removed; title: 2 invalid characters replaced by U+FFFD; tags[1]: 1 U+0000 removed; key of profile.city: 1 U+0000 removed',
  );
  // The input is not changed.
  expect(record.name).toBe('A\u0000B');
});

it('leaves well-formed text (valid surrogate pairs included) as the same object, with nothing flagged', () => {
  const record = { id: 'P2', name: 'Zoë 😀', email: 'z@example.com', nested: { list: ['a', 'b'] } };
  const { record: cleaned, repairs } = cleanRecord(record);
  expect(cleaned).toBe(record);
  expect(repairs).toEqual([]);
  expect(toStaged(record).cleaned).toBeNull();
});

it('an account staged from such a record is kept, cleaned and flagged', () => {
  expect(toStaged({ id: 'P3', name: 'Bad\u0000Name', email: ' Mixed\u0000@Example.com ', role: 'admin\ud800' })).toEqual({
    external_id: 'P3',
    email: 'Mixed@Example.com',
    email_key: 'mixed@example.com',
    name: 'BadName',
    admin: false,
    state: 'active',
    fields: { role: 'admin\ufffd' },
    cleaned: 'name: 1 U+0000 removed; email: 1 U+0000 removed; role: 1 invalid character replaced by U+FFFD',
  });
});

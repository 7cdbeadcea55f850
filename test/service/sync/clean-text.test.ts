/** Text the database cannot hold (issue 23.7): what is changed, and that nothing else is. */
import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { cleanRecord, describeRepairs } from '../../../src/service/sync/clean-text.js';
import { syncDigest, toStaged, toStagedWithJson } from '../../../src/service/store/account-rows.js';

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

it('a sync’s staging (toStagedWithJson) stages each record as toStaged does, with the fields’ JSON, wherever the text to clean is', () => {
  const records = [
    { id: 'P1', email: 'a@example.com', name: 'Plain', admin: true, role: 'owner', state: 'invited' },
    { id: 'P2', email: 'z@example.com', name: 'Zoë 😀', tags: ['😀', 'ok'], nested: { ké: 'v' } },
    { id: 'P3', email: 'b@example.com', name: 'Fine', title: 'bad\u0000' },
    { id: 'P4', email: 'b@example.com', name: 'Fine', title: 'x\ud800' },
    { id: 'P5', email: 'b@example.com', name: 'Fine', title: 'x\udfff' },
    { id: 'P6', email: 'b@example.com', name: 'Fine', nested: { 'k\u0000': ['\ud83d'] } },
    { id: 'P7\u0000', email: 'b@example.com', name: 'Fine' },
    { id: 'P8', email: 'b\u0000@example.com', name: 'Fine' },
    { id: 'P9', email: 'b@example.com', name: 'Bad\ud800' },
    { id: 'P10', email: 'b@example.com', name: { first: 'N\u0000' } },
    { id: 'P11', email: 'b@example.com', name: 'Fine', admin: 'y\u0000' },
    // Text that looks like an escape in the JSON but is not one: nothing to clean.
    { id: 'P12', email: 'b@example.com', name: 'Fine', note: 'a \\u0000 and \\ud800 written out' },
  ] as unknown as Parameters<typeof toStaged>[0][];
  for (const record of records) {
    const { account, fieldsJson } = toStagedWithJson(record);
    expect(account, record.id).toEqual(toStaged(record));
    expect(fieldsJson, record.id).toBe(JSON.stringify(account.fields));
  }
  expect(records.map((record) => toStagedWithJson(record).account.cleaned !== null)).toEqual([
    false,
    false,
    true,
    true,
    true,
    true,
    true,
    true,
    true,
    true,
    true,
    false,
  ]);
});

it('the sync digest is the SHA-1 of the synced values as one JSON array, given their fields’ JSON or not (digests stored before stay valid)', () => {
  for (const record of [
    { id: 'P1', email: ' A@Example.com ', name: 'Zoë "Q" \\ 😀', admin: true, role: 'owner', groups: ['a', 'b'], state: 'invited' },
    { id: 'P2', email: 'b@example.com', name: 'Bad\u0000', title: 'line\nbreak\t' },
  ]) {
    const { account, fieldsJson } = toStagedWithJson(record);
    const values = [account.email, account.email_key, account.name, account.admin, account.state, account.fields, account.cleaned];
    const expected = createHash('sha1').update(JSON.stringify(values)).digest('base64');
    expect(syncDigest(account, fieldsJson)).toBe(expected);
    expect(syncDigest(account)).toBe(expected);
  }
});

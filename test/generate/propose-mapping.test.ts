/**
 * Which jq each field gets for the key names and value shapes the Generate Config step recognises.
 */
import { describe, expect, it } from 'vitest';
import { proposeMapping } from '../../src/generate/propose-mapping.js';

interface Case {
  name: string;
  given: Record<string, unknown>[];
  field: string;
  /** The proposed expression, or undefined when the field must not be proposed. */
  want: string | undefined;
}

const ann = { email: 'ann@example.com', name: 'Ann Lee' };
const bob = { email: 'bob@example.com', name: 'Bob Ray' };

const cases: Case[] = [
  // id
  {
    name: 'id key',
    field: 'id',
    given: [
      { id: 'a1', ...ann },
      { id: 'b2', ...bob },
    ],
    want: '.id // ""',
  },
  {
    name: 'numeric id becomes a string',
    field: 'id',
    given: [
      { id: 7, ...ann },
      { id: 8, ...bob },
    ],
    want: '(.id // "") | tostring',
  },
  {
    name: 'user_id',
    field: 'id',
    given: [
      { user_id: 'u1', team_id: 't1', ...ann },
      { user_id: 'u2', team_id: 't1', ...bob },
    ],
    want: '.user_id // ""',
  },
  {
    name: 'userId',
    field: 'id',
    given: [
      { userId: 'u1', ...ann },
      { userId: 'u2', ...bob },
    ],
    want: '.userId // ""',
  },
  {
    name: 'uid',
    field: 'id',
    given: [
      { uid: 'u1', ...ann },
      { uid: 'u2', ...bob },
    ],
    want: '.uid // ""',
  },
  {
    name: 'gid (Asana)',
    field: 'id',
    given: [
      { gid: '1', resource_type: 'user', ...ann },
      { gid: '2', resource_type: 'user', ...bob },
    ],
    want: '.gid // ""',
  },
  {
    name: 'key',
    field: 'id',
    given: [
      { key: 'k1', ...ann },
      { key: 'k2', ...bob },
    ],
    want: '.key // ""',
  },
  {
    name: 'id beats externalId',
    field: 'id',
    given: [
      { externalId: 'e1', id: 'i1', ...ann },
      { externalId: 'e2', id: 'i2', ...bob },
    ],
    want: '.id // ""',
  },
  {
    name: 'a value shared by every record is not an id',
    field: 'id',
    given: [
      { org_id: 'o1', user_id: 'u1', ...ann },
      { org_id: 'o1', user_id: 'u2', ...bob },
    ],
    want: '.user_id // ""',
  },
  {
    name: 'empty-string key loses to a filled one',
    field: 'id',
    given: [
      { key: '', accountId: 'a1', ...ann },
      { key: '', accountId: 'a2', ...bob },
    ],
    want: '.accountId // ""',
  },
  { name: 'nested id', field: 'id', given: [{ profile: { team_member_id: 'dbmid:1', ...ann } }], want: '.profile.team_member_id // ""' },
  { name: 'no id-like key: a guess', field: 'id', given: [{ ...ann }], want: '.id // ""' },
  // email
  { name: 'email', field: 'email', given: [{ id: 1, ...ann }], want: '.email // ""' },
  { name: 'email_address', field: 'email', given: [{ id: 1, email_address: 'ann@example.com' }], want: '.email_address // ""' },
  { name: 'primaryEmail', field: 'email', given: [{ id: 1, primaryEmail: 'ann@example.com', recoveryEmail: 'x@y.org' }], want: '.primaryEmail // ""' },
  {
    name: 'mail, else userPrincipalName',
    field: 'email',
    given: [
      { mail: 'a@x.com', userPrincipalName: 'a@x.com' },
      { mail: null, userPrincipalName: 'b@x.com' },
    ],
    want: '.mail // .userPrincipalName // ""',
  },
  { name: 'userPrincipalName alone', field: 'email', given: [{ userPrincipalName: 'a@x.com' }], want: '.userPrincipalName // ""' },
  { name: 'profile.email', field: 'email', given: [{ id: 1, profile: { email: 'ann@example.com', login: 'ann@example.com' } }], want: '.profile.email // ""' },
  {
    name: 'SCIM emails: primary else first',
    field: 'email',
    given: [{ id: '1', emails: [{ value: 'home@x.org' }, { value: 'work@x.com', primary: true }] }],
    want: '(.emails // []) | (map(select(.primary == true)) + .)[0].value // ""',
  },
  {
    name: 'nested key under a value that is sometimes a string',
    field: 'email',
    given: [
      { id: 1, contact: { email: 'ann@x.com' } },
      { id: 2, contact: 'n/a' },
    ],
    want: '.contact.email? // ""',
  },
  {
    name: 'address list that is sometimes a string: objects only, else the string',
    field: 'email',
    given: [
      { id: '1', emails: [{ value: 'a@x.com', primary: true }] },
      { id: '2', emails: 'b@x.com' },
    ],
    want: '([.emails[]? | objects] | (map(select(.primary == true)) + .)[0].value) // .emails // ""',
  },
  { name: 'address list without primary: the first', field: 'email', given: [{ id: '1', emails: [{ address: 'a@x.com' }] }], want: '.emails[0].address // ""' },
  {
    name: "manager_email is someone else's",
    field: 'email',
    given: [{ id: 1, manager_email: 'boss@x.com', work_email: 'ann@x.com' }],
    want: '.work_email // ""',
  },
  { name: 'email-shaped value under an odd key', field: 'email', given: [{ id: 1, login: 'ann@x.com' }], want: '.login // ""' },
  { name: 'no email at all: a guess', field: 'email', given: [{ id: 1, name: 'Ann Lee' }], want: '.email // ""' },
  // name
  { name: 'name', field: 'name', given: [{ id: 1, ...ann }], want: '.name // ""' },
  {
    name: 'displayName beats name.givenName + familyName',
    field: 'name',
    given: [{ id: '1', displayName: 'Babs Jensen', name: { givenName: 'Barbara', familyName: 'Jensen' } }],
    want: '.displayName // ""',
  },
  {
    name: 'first_name + last_name',
    field: 'name',
    given: [{ id: 1, first_name: 'Ann', last_name: 'Lee' }],
    want: '[.first_name, .last_name | strings] | join(" ")',
  },
  { name: 'firstName + lastName', field: 'name', given: [{ id: 1, firstName: 'Ann', lastName: 'Lee' }], want: '[.firstName, .lastName | strings] | join(" ")' },
  {
    name: 'name.givenName + name.familyName',
    field: 'name',
    given: [{ id: '1', name: { givenName: 'Ann', familyName: 'Lee' } }],
    want: '[.name.givenName, .name.familyName | strings] | join(" ")',
  },
  {
    name: 'real_name with a space beats the handle in name',
    field: 'name',
    given: [{ id: 'U1', name: 'alee', real_name: 'Ann Lee' }],
    want: '.real_name // ""',
  },
  { name: 'full_name', field: 'name', given: [{ id: 1, full_name: 'Ann Lee', username: 'alee' }], want: '.full_name // ""' },
  {
    name: 'displayName missing somewhere: falls back to given + family',
    field: 'name',
    given: [
      { id: '1', displayName: 'Ann Lee' },
      { id: '2', name: { givenName: 'Bob', familyName: 'Ray' } },
    ],
    want: '.displayName // ([.name.givenName, .name.familyName | strings] | join(" "))',
  },
  { name: 'only a login: the handle stands in', field: 'name', given: [{ id: 1, login: 'octocat' }], want: '.login // ""' },
  { name: "a team name is not the user's", field: 'name', given: [{ id: 1, team: { name: 'Ops Team' }, username: 'alee' }], want: '.username // ""' },
  // admin
  {
    name: 'is_admin',
    field: 'admin',
    given: [
      { id: 1, ...ann, is_admin: true },
      { id: 2, ...bob, is_admin: false },
    ],
    want: '.is_admin == true',
  },
  { name: 'admin flag', field: 'admin', given: [{ id: 1, ...ann, admin: false }], want: '.admin == true' },
  { name: 'is_admin or is_owner', field: 'admin', given: [{ id: 1, ...ann, is_admin: false, is_owner: true }], want: '.is_admin == true or .is_owner == true' },
  {
    name: 'role == "admin" (owner added for lower-case roles)',
    field: 'admin',
    given: [
      { id: 1, ...ann, role: 'admin' },
      { id: 2, ...bob, role: 'user' },
    ],
    want: '.role == "admin" or .role == "owner"',
  },
  {
    name: 'role spelled in capitals: only the seen value',
    field: 'admin',
    given: [
      { id: 1, ...ann, role: 'Administrator' },
      { id: 2, ...bob, role: 'Member' },
    ],
    want: '.role == "Administrator"',
  },
  { name: 'site_admin is GitHub staff, not an admin', field: 'admin', given: [{ id: 1, login: 'octocat', site_admin: false }], want: undefined },
  { name: 'no admin signal', field: 'admin', given: [{ id: 1, ...ann }], want: undefined },
  // active
  { name: 'active flag', field: 'active', given: [{ id: 1, ...ann, active: true }], want: '.active != false' },
  { name: 'suspended, negated', field: 'active', given: [{ id: 1, ...ann, suspended: false }], want: '.suspended != true' },
  { name: 'deleted, negated', field: 'active', given: [{ id: 1, ...ann, deleted: false }], want: '.deleted != true' },
  {
    name: 'active and not suspended',
    field: 'active',
    given: [{ id: 1, ...ann, active: true, suspended: false }],
    want: '.active != false and .suspended != true',
  },
  {
    name: 'status == "active"',
    field: 'active',
    given: [
      { id: 1, ...ann, status: 'active' },
      { id: 2, ...bob, status: 'pending' },
    ],
    want: '.status == "active"',
  },
  { name: 'status in capitals', field: 'active', given: [{ id: 1, ...ann, status: 'ACTIVE' }], want: '.status == "ACTIVE"' },
  {
    name: 'tagged status (Dropbox)',
    field: 'active',
    given: [{ profile: { id: 'x', ...ann, status: { '.tag': 'active' } } }],
    want: '.profile.status.".tag" == "active"',
  },
  { name: 'status without an active value', field: 'active', given: [{ id: 1, ...ann, status: 'pending' }], want: undefined },
  { name: 'no active signal', field: 'active', given: [{ id: 1, ...ann }], want: undefined },
];

describe('proposeMapping', () => {
  it.each(cases)('$field: $name', ({ given, field, want }) => {
    const proposal = proposeMapping(given);
    expect(proposal.mapping[field]).toBe(want);
    if (want === undefined) expect(proposal.skipped.map((skipped) => skipped.field)).toContain(field);
  });

  it('explains every field and names what else was considered', () => {
    const proposal = proposeMapping([{ id: 'U1', name: 'alee', real_name: 'Ann Lee', email: 'ann@x.com', team_id: 'T1' }]);
    const name = proposal.fields.find((field) => field.field === 'name');
    expect(name?.explanation).toContain('real_name');
    expect(name?.considered.join('\n')).toContain('.name');
    const id = proposal.fields.find((field) => field.field === 'id');
    expect(id?.considered.join('\n')).toContain('.team_id');
    expect(proposal.fields.every((field) => field.explanation.length > 0)).toBe(true);
  });

  it('says why an optional field was not proposed', () => {
    const proposal = proposeMapping([{ id: 1, login: 'octocat', site_admin: false }]);
    expect(proposal.skipped.find((skipped) => skipped.field === 'admin')?.skipped).toContain('site_admin');
  });
});

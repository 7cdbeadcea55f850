/**
 * For each documented SaaS user-list response in test/fixtures/saas-responses, Generate Config must
 * find the records and map the first records to the right id, email and name (expected values
 * read off the fixtures by hand), applying the proposal with the project's jq.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { applyMapping, applyRecordsPath } from '../../src/generate/apply-mapping.js';
import { generateConfig } from '../../src/generate/generate-config.js';

const FIXTURES = new URL('../fixtures/saas-responses/', import.meta.url);

interface Case {
  fixture: string;
  records: string;
  /** First records as mapped: id, email, name and the optional fields expected. */
  want: Record<string, unknown>[];
  /** Optional fields that must not be proposed. */
  absent?: string[];
}

const cases: Case[] = [
  {
    fixture: 'pagerduty-users.json',
    records: '.users',
    want: [{ id: 'PXPGF42', email: '125.greenholt.earline@graham.name', name: 'Earline Greenholt', admin: true }],
    absent: ['active'],
  },
  {
    fixture: 'slack-users-list.json',
    records: '.members',
    want: [
      { id: 'W012A3CDE', email: 'spengler@ghostbusters.example.com', name: 'Egon Spengler', admin: true, active: true },
      { id: 'W07QCRPA4', email: 'glenda@south.oz.coven', name: 'Glinda Southgood', admin: true, active: true },
    ],
  },
  {
    fixture: 'github-org-members.json',
    records: '.',
    want: [{ id: '1', email: '', name: 'octocat' }],
    absent: ['admin', 'active'],
  },
  {
    fixture: 'okta-users.json',
    records: '.',
    want: [
      { id: '00ub0oNGTSWTBKOLGLNR', email: 'isaac.brock@example.com', name: 'Isaac Brock', active: true },
      { id: '00u118oQYT4TBTemp0g4', email: 'alice.smith@example.com', name: 'Alice Smith', active: true },
    ],
    absent: ['admin'],
  },
  {
    fixture: 'zendesk-users.json',
    records: '.users',
    want: [
      { id: '223443', email: 'johnny@example.com', name: 'Johnny Agent', admin: false, active: true },
      { id: '8678530', email: 'james@example.com', name: 'James A. Rosen', admin: true, active: true },
    ],
  },
  {
    fixture: 'jira-users-search.json',
    records: '.',
    want: [
      { id: '5b10a2844c20165700ede21g', email: 'mia@example.com', name: 'Mia Krystof', active: false },
      { id: '5b10ac8d82e05b22cc7d4ef5', email: '', name: 'Emma Richards', active: true },
    ],
  },
  {
    fixture: 'google-directory-users.json',
    records: '.users',
    want: [
      { id: '103117962374117209832', email: 'liz@example.com', name: 'Liz Smith', admin: true, active: true },
      { id: '115814133722211427218', email: 'admin2@example.com', name: 'admin two', admin: false, active: false },
    ],
  },
  {
    fixture: 'microsoft-graph-users.json',
    records: '.value',
    want: [
      { id: '6e7b768e-07e2-4810-8459-485f84f8f204', email: 'Adams@contoso.com', name: 'Conf Room Adams' },
      { id: '87d349ed-44d7-43e1-9a83-5f2406dee5bd', email: 'AdeleV@contoso.com', name: 'Adele Vance' },
      { id: '5bde3e51-d13b-4db1-9948-fe4b109d11a7', email: 'admin@contoso.com', name: 'MOD Administrator' },
    ],
    absent: ['admin', 'active'],
  },
  {
    fixture: 'scim-list-response.json',
    records: '.Resources',
    want: [
      { id: '2819c223-7f76-453a-919d-413861904646', email: 'bjensen@example.com', name: 'Babs Jensen', active: true },
      { id: 'c75ad752-64ae-4823-840d-ffa80929976c', email: 'john.smith@example.com', name: 'John Smith', active: false },
    ],
  },
  {
    fixture: 'zoom-users.json',
    records: '.users',
    want: [{ id: 'KDcuGIm1QgePTO8WbOqwIQ', email: 'jchill@example.com', name: 'Jill Chill', active: true }],
  },
  {
    fixture: 'dropbox-team-members.json',
    records: '.members',
    want: [{ id: 'dbmid:FDFSVF-DFSDF', email: 'tami@seagull.com', name: 'Franz Ferdinand (Personal)', active: true }],
  },
  {
    fixture: 'notion-users.json',
    records: '.results',
    want: [
      { id: 'd40e767c-d7af-4b18-a86d-55c61f1e39a4', email: 'avo@example.org', name: 'Avocado Lovelace' },
      { id: '9a3b5ae0-c6e6-482d-b0e1-ed315ee6dc57', email: '', name: 'Doug Engelbot' },
    ],
  },
  {
    fixture: 'freshdesk-agents.json',
    records: '.',
    want: [
      { id: '1', email: 'support@freshdesk.com', name: 'Support', active: true },
      { id: '432', email: 'john.angelo@freshdesk.com', name: 'John Angelo', active: false },
    ],
  },
  {
    fixture: 'asana-workspace-users.json',
    records: '.data',
    want: [
      { id: '12345', email: 'gsanchez@example.com', name: 'Greg Sanchez' },
      { id: '67890', email: 'tblake@example.com', name: 'Tim Blake' },
    ],
  },
];

describe('Generate Config on documented SaaS user-list responses', () => {
  it.each(cases)('$fixture', async ({ fixture, records, want, absent }) => {
    const response: unknown = JSON.parse(readFileSync(new URL(fixture, FIXTURES), 'utf8'));
    const config = generateConfig(response);
    expect(config.records.expression).toBe(records);
    const mapped = await applyMapping({
      records: await applyRecordsPath({ expression: config.records.expression, response, policy: 'customer' }),
      mapping: config.mapping,
      limit: want.length,
      policy: 'customer',
    });
    expect(mapped.map((record) => record.errors)).toEqual(want.map(() => []));
    for (const [index, expected] of want.entries()) {
      const account = mapped[index]?.account ?? {};
      const fields = Object.keys(expected);
      expect(Object.fromEntries(fields.map((field) => [field, account[field]]))).toEqual(expected);
    }
    for (const field of absent ?? []) expect(config.mapping).not.toHaveProperty(field);
  });

  it.each(cases)('$fixture: id, email and name fall back to "" with the alternative operator', ({ fixture }) => {
    const config = generateConfig(JSON.parse(readFileSync(new URL(fixture, FIXTURES), 'utf8')));
    for (const field of ['id', 'email', 'name']) {
      const expression = config.mapping[field] ?? '';
      // A first + last name join already yields "" when both are missing.
      expect(expression.includes('// ""') || expression.endsWith('join(" ")') || expression.endsWith('join(" "))')).toBe(true);
    }
  });

  it('has a cited source next to every fixture', () => {
    for (const { fixture } of cases) {
      const source = readFileSync(new URL(fixture.replace(/\.json$/u, '.source.md'), FIXTURES), 'utf8');
      expect(source).toMatch(/Source: .*https:\/\//u);
    }
  });
});

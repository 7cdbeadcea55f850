/**
 * Contract tests of specs/examples/basic-page-number.yaml (HTTP Basic auth, page numbers, every
 * standard action) against the help-desk fake target.
 */
import { describe, expect, it } from 'vitest';
import { createDeskState, deskHandlers } from '../targets/basic-page-number/handlers.js';
import { queryOf, rejectionOf } from './helpers/assertions.js';
import { useFakeTarget } from './helpers/fake-target-fixture.js';

const fixture = useFakeTarget({ specFile: 'specs/examples/basic-page-number.yaml', createState: () => createDeskState(23), handlers: deskHandlers });
const credentials = () => ({ username: fixture.state.username, password: fixture.state.password });
const agent = (id: number) => ({ id: String(id), email: `agent@example.com`, name: 'Agent' });

describe('basic-page-number example', () => {
  it('pages by page number up to total_pages with UTF-8 Basic credentials', async () => {
    const accounts = await fixture.connectTo(credentials()).importUsers().collect();
    const lists = fixture.requestsTo('GET', '/api/agents');
    expect(lists.map(queryOf)).toEqual([1, 2, 3].map((page) => ({ page: String(page), per_page: '10' })));
    const expected = `Basic ${Buffer.from('admin@desk.example:pä:ss wörd', 'utf8').toString('base64')}`;
    expect(lists.every((request) => request.headers.authorization === expected && request.headers.accept === 'application/json')).toBe(true);
    expect(accounts).toHaveLength(23);
    expect(accounts[0]).toEqual({ id: '1000', email: 'agent001@example.com', name: 'Person 001', active: true });
    expect(accounts[5]?.active).toBe(false);
  });

  it('creates with POST /api/agents and returns the new account', async () => {
    const result = await fixture.connectTo(credentials()).createUser({ email: 'new@example.com', name: 'New Agent' });
    const [request] = fixture.requestsTo('POST', '/api/agents');
    expect(JSON.parse(request?.body ?? '')).toEqual({ agent: { email: 'new@example.com', name: 'New Agent' } });
    expect(request?.headers['content-type']).toMatch(/^application\/json/);
    expect(result).toMatchObject({ status: 201, account: { id: '1023', email: 'new@example.com', name: 'New Agent', active: true } });
  });

  it.each([
    { action: 'deactivateUser' as const, suspended: true },
    { action: 'activateUser' as const, suspended: false },
  ])('$action sends PUT /api/agents/{id} with suspended $suspended', async ({ action, suspended }) => {
    const result = await fixture.connectTo(credentials())[action](agent(1005));
    const [request] = fixture.requestsTo('PUT', '/api/agents/1005');
    expect(JSON.parse(request?.body ?? '')).toEqual({ agent: { suspended } });
    expect(fixture.state.agents.find((item) => item.id === 1005)?.suspended).toBe(suspended);
    expect(result.account).toMatchObject({ id: '1005', active: !suspended });
  });

  it('deletes with DELETE /api/agents/{id}; 404 is already absent', async () => {
    expect(await fixture.connectTo(credentials()).deleteUser(agent(1001))).toMatchObject({ status: 204 });
    expect(await fixture.connectTo(credentials()).deleteUser(agent(1001))).toMatchObject({ status: 404, alreadyAbsent: true });
  });

  it('reports the target message for a refused create, and a wrong password as AUTH_FAILED', async () => {
    const duplicate = await rejectionOf(fixture.connectTo(credentials()).createUser({ email: 'agent001@example.com', name: 'Dup' }));
    expect(duplicate).toMatchObject({ code: 'TARGET_ERROR', status: 422 });
    expect(String(duplicate.message)).toContain('Email is already being used by another agent');
    const denied = await rejectionOf(
      fixture
        .connectTo({ ...credentials(), password: 'wrong' })
        .importUsers()
        .collect(),
    );
    expect(denied).toMatchObject({ code: 'AUTH_FAILED', status: 401 });
  });
});

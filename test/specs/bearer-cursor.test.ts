/**
 * Contract tests of specs/examples/bearer-cursor.yaml (bearer token, cursor pages) against the
 * team-chat fake target.
 */
import { describe, expect, it } from 'vitest';
import { chatHandlers, createChatState } from '../targets/bearer-cursor/handlers.js';
import { queryOf, rejectionOf } from './helpers/assertions.js';
import { useFakeTarget } from './helpers/fake-target-fixture.js';

const fixture = useFakeTarget({
  specFile: 'specs/examples/bearer-cursor.yaml',
  createState: () => createChatState(45),
  handlers: chatHandlers,
  basePath: '/api/v1',
});
const token = () => ({ token: fixture.state.token });
const cursorFor = (index: number) => Buffer.from(`member:${index}`).toString('base64');

describe('bearer-cursor example', () => {
  it('stays short: the common case in about fifteen lines', async () => {
    const { readFile } = await import('node:fs/promises');
    const { REPO_ROOT } = await import('./helpers/load-spec.js');
    const lines = (await readFile(`${REPO_ROOT}specs/examples/bearer-cursor.yaml`, 'utf8')).trim().split('\n');
    expect(lines.length).toBeLessThanOrEqual(17);
  });

  it('follows next_cursor until it is empty, sending the bearer token each time', async () => {
    const accounts = await fixture.connectTo(token()).importUsers().collect();
    const lists = fixture.requestsTo('GET', '/api/v1/members');
    expect(lists.map(queryOf)).toEqual([{ limit: '20' }, { limit: '20', cursor: cursorFor(20) }, { limit: '20', cursor: cursorFor(40) }]);
    expect(lists.every((request) => request.headers.authorization === `Bearer ${fixture.state.token}`)).toBe(true);
    expect(accounts).toHaveLength(45);
    expect(accounts[0]).toEqual({ id: 'member-001', email: 'member001@example.com', name: 'Person 001' });
  });

  it('deletes with DELETE /members/{id}; 404 is already absent', async () => {
    const account = { id: 'member-003', email: 'member003@example.com', name: 'Person 003' };
    expect(await fixture.connectTo(token()).deleteUser(account)).toMatchObject({ status: 204 });
    expect(fixture.requestsTo('DELETE', '/api/v1/members/member-003')).toHaveLength(1);
    expect(await fixture.connectTo(token()).deleteUser(account)).toMatchObject({ status: 404, alreadyAbsent: true });
  });

  it('reports a wrong token as AUTH_FAILED', async () => {
    const error = await rejectionOf(fixture.connectTo({ token: 'xoxb-wrong' }).importUsers().collect());
    expect(error).toMatchObject({ code: 'AUTH_FAILED', status: 401 });
  });
});

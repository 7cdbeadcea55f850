/**
 * Contract tests of specs/examples/api-key-query-link.yaml (API key in a query parameter, RFC 8288
 * Link header pages, top-level array body) against the learning-platform fake target.
 */
import { describe, expect, it } from 'vitest';
import { createLearningState, learningHandlers } from '../targets/api-key-query-link/handlers.js';
import { queryOf, rejectionOf } from './helpers/assertions.js';
import { useFakeTarget } from './helpers/fake-target-fixture.js';

const fixture = useFakeTarget({
  specFile: 'specs/examples/api-key-query-link.yaml',
  createState: () => createLearningState(60),
  handlers: learningHandlers,
});
const key = () => ({ token: fixture.state.apiKey });

describe('api-key-query-link example', () => {
  it('follows rel="next" links, adding the API key to every request', async () => {
    const accounts = await fixture.connectTo(key()).importUsers().collect();
    const lists = fixture.requestsTo('GET', '/v2/learners');
    expect(lists.map(queryOf)).toEqual([
      { per_page: '25', api_key: fixture.state.apiKey },
      { page: '2', per_page: '25', api_key: fixture.state.apiKey },
      { page: '3', per_page: '25', api_key: fixture.state.apiKey },
    ]);
    expect(lists.every((request) => request.headers.authorization === undefined)).toBe(true);
    expect(accounts).toHaveLength(60);
    expect(accounts[59]).toEqual({ id: 'learner-060', email: 'learner060@example.com', name: 'Person 060' });
  });

  it('creates with POST /v2/learners and deletes with DELETE /v2/learners/{id} (200)', async () => {
    const client = fixture.connectTo(key());
    const created = await client.createUser({ email: 'ines@example.com', name: 'Ines Silva' });
    const [post] = fixture.requestsTo('POST', '/v2/learners');
    expect(queryOf(post)).toEqual({ api_key: fixture.state.apiKey });
    expect(JSON.parse(post?.body ?? '')).toEqual({ email_address: 'ines@example.com', full_name: 'Ines Silva' });
    expect(created.account).toEqual({ id: 'learner-061', email: 'ines@example.com', name: 'Ines Silva' });
    const deleted = await client.deleteUser({ id: 'learner-061', email: '', name: '' });
    expect(deleted).toMatchObject({ status: 200 });
    expect(fixture.state.learners).toHaveLength(60);
  });

  it('keeps a wrong key out of the error, even though it travels in the URL', async () => {
    const wrong = 'lp_live_wrong_key_42';
    const error = await rejectionOf(fixture.connectTo({ token: wrong }).importUsers().collect());
    expect(error).toMatchObject({ code: 'AUTH_FAILED', status: 401 });
    expect(JSON.stringify((error as { toJSON(): unknown }).toJSON())).not.toContain(wrong);
    expect(String(error.message)).not.toContain(wrong);
  });
});

/**
 * Fake target for `specs/examples/basic-page-number.yaml`: a help-desk API with HTTP Basic auth
 * (RFC 7617) and page-number pagination (`page`, `per_page`, `total_pages` in the body).
 */
import { http, HttpResponse, type RequestHandler } from 'msw';
import { makePeople } from '../fake-people.js';

export interface DeskAgent {
  id: number;
  email: string;
  name: string;
  suspended: boolean;
}

export interface DeskState {
  username: string;
  password: string;
  agents: DeskAgent[];
  nextId: number;
  /** Create agents suspended, as desks that invite before they activate do (default: active). */
  createSuspended?: boolean;
  /** Welcome emails sent by the custom action of the workflow tests: agent id and who asked. */
  welcomes?: { id: string; by: unknown }[];
}

export function createDeskState(count = 23): DeskState {
  const agents = makePeople(count, 'agent').map((person, index) => ({ ...person, id: 1000 + index, suspended: index % 6 === 5 }));
  return { username: 'admin@desk.example', password: 'pä:ss wörd', agents, nextId: 1000 + count };
}

const failure = (status: number, message: string): Response => HttpResponse.json({ error: { message } }, { status });

function representAgent(agent: DeskAgent): Record<string, unknown> {
  return { id: agent.id, email: agent.email, name: agent.name, suspended: agent.suspended };
}

export function deskHandlers(state: DeskState): RequestHandler[] {
  const expected = `Basic ${Buffer.from(`${state.username}:${state.password}`, 'utf8').toString('base64')}`;
  const authorized = (request: Request): boolean => request.headers.get('authorization') === expected;
  const find = (id: unknown): DeskAgent | undefined => state.agents.find((agent) => String(agent.id) === id);
  return [
    http.get('*/api/agents', ({ request }) => {
      if (!authorized(request)) return failure(401, "Couldn't authenticate you");
      const url = new URL(request.url);
      const perPage = Math.min(Number(url.searchParams.get('per_page') ?? '25') || 25, 100);
      const page = Number(url.searchParams.get('page') ?? '1') || 1;
      const totalPages = Math.max(1, Math.ceil(state.agents.length / perPage));
      const agents = state.agents.slice((page - 1) * perPage, page * perPage).map(representAgent);
      return HttpResponse.json({ agents, page, per_page: perPage, total_pages: totalPages });
    }),
    http.post('*/api/agents', async ({ request }) => {
      if (!authorized(request)) return failure(401, "Couldn't authenticate you");
      const body = (await request.json()) as { agent?: { email?: unknown; name?: unknown } };
      const email = body.agent?.email;
      const name = body.agent?.name;
      if (typeof email !== 'string' || typeof name !== 'string') return failure(422, 'email and name are required');
      if (state.agents.some((agent) => agent.email === email)) return failure(422, 'Email is already being used by another agent');
      const agent: DeskAgent = { id: state.nextId, email, name, suspended: state.createSuspended === true };
      state.nextId += 1;
      state.agents.push(agent);
      return HttpResponse.json({ agent: representAgent(agent) }, { status: 201 });
    }),
    http.post('*/api/agents/:id/welcome', async ({ request, params }) => {
      if (!authorized(request)) return failure(401, "Couldn't authenticate you");
      if (find(params.id) === undefined) return failure(404, 'RecordNotFound');
      const body = (await request.json()) as { by?: unknown };
      (state.welcomes ??= []).push({ id: String(params.id), by: body.by });
      return HttpResponse.json({ sent: true }, { status: 202 });
    }),
    http.put('*/api/agents/:id', async ({ request, params }) => {
      if (!authorized(request)) return failure(401, "Couldn't authenticate you");
      const agent = find(params.id);
      if (agent === undefined) return failure(404, 'RecordNotFound');
      const body = (await request.json()) as { agent?: { suspended?: unknown } };
      if (typeof body.agent?.suspended !== 'boolean') return failure(422, 'suspended must be a boolean');
      agent.suspended = body.agent.suspended;
      return HttpResponse.json({ agent: representAgent(agent) });
    }),
    http.delete('*/api/agents/:id', ({ request, params }) => {
      if (!authorized(request)) return failure(401, "Couldn't authenticate you");
      const agent = find(params.id);
      if (agent === undefined) return failure(404, 'RecordNotFound');
      state.agents.splice(state.agents.indexOf(agent), 1);
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}

/**
 * The workflows bench's help-desk target in a process of its own, as a real target is: its msw
 * handlers (test/targets/basic-page-number) served on 127.0.0.1 by `serveHandlers`, so the
 * target's work (parsing each PUT, building each answer) lands on another event loop and the bench
 * measures the service's. `count` suspended agents (ids from 100,000) for the import to find and
 * the activations to activate. Each activation (`PUT /api/agents/:id`) is counted here, by agent:
 * `GET /__bench/sent` answers how many agents are active, which were activated more than once, and
 * this process's CPU time, so the bench checks on the target that each was sent exactly once.
 * The PUT is answered as the desk's own handler answers it (authorization, 404, 422, the agent),
 * with the agent found in a map rather than a scan of every agent.
 * Prints its origin, then serves until its parent ends it.
 * Run by workflows.bench.ts: `node --import tsx workflows-target-process.ts <count>`.
 */
import { http, HttpResponse } from 'msw';
import { serveHandlers } from '../../src/simulators/serve-handlers.js';
import { createDeskState, deskHandlers, type DeskAgent } from '../targets/basic-page-number/handlers.js';

const count = Number(process.argv[2] ?? 10_000);
const desk = createDeskState(0);
desk.agents = Array.from({ length: count }, (_, index) => ({
  id: 100_000 + index,
  email: `joiner${index}@example.com`,
  name: `Joiner ${index}`,
  suspended: true,
}));
const byId = new Map<string, DeskAgent>(desk.agents.map((agent) => [String(agent.id), agent]));
const expected = `Basic ${Buffer.from(`${desk.username}:${desk.password}`, 'utf8').toString('base64')}`;
const activations = new Map<string, number>();
let active = 0;

// The PUT first: msw parses a request against each handler it tries (its path and cookies), and all but a few requests are PUTs.
const server = await serveHandlers(
  http.put('*/api/agents/:id', async ({ request, params }) => {
    const id = String(params.id);
    activations.set(id, (activations.get(id) ?? 0) + 1);
    if (request.headers.get('authorization') !== expected) return HttpResponse.json({ error: { message: "Couldn't authenticate you" } }, { status: 401 });
    const agent = byId.get(id);
    if (agent === undefined) return HttpResponse.json({ error: { message: 'RecordNotFound' } }, { status: 404 });
    const body = (await request.json()) as { agent?: { suspended?: unknown } };
    if (typeof body.agent?.suspended !== 'boolean') return HttpResponse.json({ error: { message: 'suspended must be a boolean' } }, { status: 422 });
    if (agent.suspended && !body.agent.suspended) active += 1;
    agent.suspended = body.agent.suspended;
    return HttpResponse.json({ agent: { id: agent.id, email: agent.email, name: agent.name, suspended: agent.suspended } });
  }),
  http.get('*/__bench/sent', () => {
    const twice = [...activations.entries()].filter(([, times]) => times !== 1);
    const cpu = process.cpuUsage();
    return HttpResponse.json({
      active,
      activated: activations.size,
      twice: twice.slice(0, 3),
      twiceCount: twice.length,
      cpuMs: (cpu.user + cpu.system) / 1000,
    });
  }),
  ...deskHandlers(desk),
);
server.maxRecordedRequests = 10;
process.stdout.write(`${JSON.stringify({ origin: server.origin, username: desk.username, password: desk.password })}\n`);

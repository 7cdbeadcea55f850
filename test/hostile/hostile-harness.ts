/**
 * The hostile target and the two-tenant latency probe shared by test/hostile/ and
 * `npm run bench -- isolation`: a target whose Import Users answer is huge, deep or wide, served
 * on a real 127.0.0.1 socket, and tenant A's own request timed while tenant B's Test, Preview or
 * Generate Config reads that answer. Latency is only ever compared with A's own baseline taken
 * in the same run.
 */
import { http, HttpResponse } from 'msw';
import { serveHandlers, type HandlerServer } from '../../src/simulators/serve-handlers.js';
import type { Service } from '../../src/service/index.js';
import { BYO_SPEC } from '../service/integrations/byo-specs.js';

export type HostileKind = 'huge' | 'deep' | 'wide';

/** The answers, by kind; `users` is how many records the huge one lists. */
export function hostileAnswer(kind: HostileKind, users: number): string {
  if (kind === 'deep') return `{"users":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
  if (kind === 'wide') {
    const fields = Array.from({ length: 200_000 }, (_, index) => `"k${index}":${index}`).join(',');
    return `{"users":[{"id":"u1","email":"a@example.com","name":"A",${fields}}]}`;
  }
  const rows = Array.from(
    { length: users },
    (_, index) => `{"id":"u${index}","email":"user${index}@example.com","name":"User ${index}","role":"user","teams":["t1","t2"]}`,
  );
  return `{"total":${users * 3},"users":[${rows.join(',')}]}`;
}

export interface HostileTarget {
  server: HandlerServer;
  /** Until armed, every path answers one calm user (so saving authentication passes). */
  arm(): void;
}

/** Serves `/<kind>/users` for each kind, and a small `/calm/users`. */
export async function startHostileTarget(users: number): Promise<HostileTarget> {
  let armed = false;
  const calm = () => HttpResponse.json({ users: [{ id: 'c1', email: 'calm@example.com', name: 'Calm' }] });
  const answers = new Map<string, string>();
  const answerOf = (kind: HostileKind) => {
    let text = answers.get(kind);
    if (text === undefined) answers.set(kind, (text = hostileAnswer(kind, users)));
    return text;
  };
  const server = await serveHandlers(
    http.get('*/calm/users', calm),
    ...(['huge', 'deep', 'wide'] as const).map((kind) =>
      http.get(`*/${kind}/users`, () => (armed ? new HttpResponse(answerOf(kind), { headers: { 'content-type': 'application/json' } }) : calm())),
    ),
  );
  return { server, arm: () => (armed = true) };
}

export interface TenantIntegration {
  tenantId: string;
  integrationId: string;
}

/** A tenant with a build-your-own integration (`spec`, default BYO_SPEC) reading `<origin>/<path>/users`, authentication configured (with `token`, or a default). */
export async function setUpTenant(
  service: Service,
  input: { name: string; origin: string; path: string; token?: string; spec?: string },
): Promise<TenantIntegration> {
  const tenant = await service.tenants.create({ name: input.name, plan: 'standard', actor: 'ops' });
  const baseUrl = `${input.origin}/${input.path}`;
  const integration = await service.integrations.create({ tenantId: tenant.id, actor: 'ops', type: 'build-your-own', spec: input.spec ?? BYO_SPEC, baseUrl });
  const ref = { tenantId: tenant.id, integrationId: integration.id };
  // Saving tests the connection: the target answers calmly until it is armed.
  const saved = await service.integrations.configureAuth({ ...ref, actor: 'ops', inputs: { baseUrl, token: input.token ?? 'a-long-enough-token' } });
  if (!saved.ok) throw new Error(`could not configure ${input.name}: ${JSON.stringify(saved.failure)}`);
  return ref;
}

/** Times `probe` back to back until `during` settles (at least `min` times); milliseconds each. */
export async function timeDuring(probe: () => Promise<unknown>, during: Promise<unknown>, min = 5): Promise<number[]> {
  let settled = false;
  const done = during.then(
    () => (settled = true),
    () => (settled = true),
  );
  const times: number[] = [];
  while (!settled || times.length < min) {
    // A macrotask between probes: a probe that resolves in microtasks alone would starve the operation's I/O.
    await new Promise<void>((resolve) => setImmediate(resolve));
    const start = performance.now();
    await probe();
    times.push(performance.now() - start);
  }
  await done;
  return times;
}

export async function timeAlone(probe: () => Promise<unknown>, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const start = performance.now();
    await probe();
    times.push(performance.now() - start);
  }
  return times;
}

/**
 * A's median read time while `during` runs, as a ratio of A's median alone. "Alone" is the larger
 * of `baseline` (taken before) and the same number of reads (20 to 200) taken right after, with the
 * same macrotask between reads: a busy moment of the shared machine that spans the operation and
 * what follows raises both sides alike, while a stall the operation causes raises only the first.
 */
export async function medianRatioDuring(probe: () => Promise<unknown>, during: Promise<unknown>, baseline: number): Promise<number> {
  const times = await timeDuring(probe, during);
  const after: number[] = [];
  const count = Math.min(Math.max(times.length, 20), 200);
  while (after.length < count) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    const start = performance.now();
    await probe();
    after.push(performance.now() - start);
  }
  return percentile(times, 50) / Math.max(baseline, percentile(after, 50), 0.05);
}

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

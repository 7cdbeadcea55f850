/**
 * Fake target for `specs/examples/api-key-query-link.yaml`: a learning-platform API that takes its
 * key in the `api_key` query parameter and pages with an RFC 8288 `Link: <...>; rel="next"` header
 * (the link carries no key: the client adds it again). The list body is a top-level array.
 */
import { http, HttpResponse, type RequestHandler } from 'msw';
import { makePeople, type FakePerson } from '../fake-people.js';

export interface LearningState {
  apiKey: string;
  learners: FakePerson[];
  nextId: number;
}

export function createLearningState(count = 60): LearningState {
  return { apiKey: 'lp_live_0123456789abcdef', learners: makePeople(count, 'learner'), nextId: count + 1 };
}

const failure = (status: number, message: string): Response => HttpResponse.json({ message }, { status });

export function learningHandlers(state: LearningState): RequestHandler[] {
  const authorized = (request: Request): boolean => new URL(request.url).searchParams.get('api_key') === state.apiKey;
  return [
    http.get('*/v2/learners', ({ request }) => {
      if (!authorized(request)) return failure(401, 'Invalid API key');
      const url = new URL(request.url);
      const perPage = Math.min(Number(url.searchParams.get('per_page') ?? '20') || 20, 50);
      const page = Number(url.searchParams.get('page') ?? '1') || 1;
      const items = state.learners.slice((page - 1) * perPage, page * perPage);
      const links: string[] = [];
      const linkTo = (target: number, rel: string): string => {
        const next = new URL(url.pathname, url.origin);
        next.searchParams.set('page', String(target));
        next.searchParams.set('per_page', String(perPage));
        return `<${next.href}>; rel="${rel}"`;
      };
      if (page * perPage < state.learners.length) links.push(linkTo(page + 1, 'next'));
      links.push(linkTo(Math.max(1, Math.ceil(state.learners.length / perPage)), 'last'));
      return HttpResponse.json(
        items.map((learner) => ({ uuid: learner.id, email_address: learner.email, full_name: learner.name })),
        { headers: { link: links.join(', ') } },
      );
    }),
    http.post('*/v2/learners', async ({ request }) => {
      if (!authorized(request)) return failure(401, 'Invalid API key');
      const body = (await request.json()) as { email_address?: unknown; full_name?: unknown };
      if (typeof body.email_address !== 'string' || typeof body.full_name !== 'string') {
        return failure(422, 'email_address and full_name are required');
      }
      const learner: FakePerson = { id: `learner-${String(state.nextId).padStart(3, '0')}`, email: body.email_address, name: body.full_name };
      state.nextId += 1;
      state.learners.push(learner);
      return HttpResponse.json({ uuid: learner.id, email_address: learner.email, full_name: learner.name }, { status: 201 });
    }),
    http.delete('*/v2/learners/:id', ({ request, params }) => {
      if (!authorized(request)) return failure(401, 'Invalid API key');
      const index = state.learners.findIndex((learner) => learner.id === params.id);
      if (index < 0) return failure(404, 'Learner not found');
      state.learners.splice(index, 1);
      return HttpResponse.json({ deleted: true });
    }),
  ];
}

/**
 * Fake target for `specs/examples/bearer-cursor.yaml`: a team-chat API in the style of Slack's
 * (`Authorization: Bearer <token>`, cursor pages with `response_metadata.next_cursor`, "" at the end).
 */
import { http, HttpResponse, type RequestHandler } from 'msw';
import { makePeople, type FakePerson } from '../fake-people.js';

export interface ChatState {
  token: string;
  members: FakePerson[];
}

export function createChatState(count = 45): ChatState {
  return { token: 'xoxb-chat-token', members: makePeople(count, 'member') };
}

const encodeCursor = (index: number): string => Buffer.from(`member:${index}`).toString('base64');

function decodeCursor(cursor: string): number | undefined {
  const match = /^member:(\d+)$/.exec(Buffer.from(cursor, 'base64').toString('utf8'));
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

const failure = (status: number, error: string): Response => HttpResponse.json({ ok: false, error }, { status });

export function chatHandlers(state: ChatState): RequestHandler[] {
  const authorized = (request: Request): boolean => request.headers.get('authorization') === `Bearer ${state.token}`;
  return [
    http.get('*/api/v1/members', ({ request }) => {
      if (!authorized(request)) return failure(401, 'invalid_auth');
      const url = new URL(request.url);
      const limit = Math.min(Number(url.searchParams.get('limit') ?? '100') || 100, 200);
      const cursor = url.searchParams.get('cursor');
      const start = cursor === null || cursor === '' ? 0 : decodeCursor(cursor);
      if (start === undefined) return failure(400, 'invalid_cursor');
      const page = state.members.slice(start, start + limit);
      const next = start + limit < state.members.length ? encodeCursor(start + limit) : '';
      return HttpResponse.json({
        ok: true,
        members: page.map((member) => ({ id: member.id, deleted: false, profile: { email: member.email, real_name: member.name } })),
        response_metadata: { next_cursor: next },
      });
    }),
    http.delete('*/api/v1/members/:id', ({ request, params }) => {
      if (!authorized(request)) return failure(401, 'invalid_auth');
      const index = state.members.findIndex((member) => member.id === params.id);
      if (index < 0) return failure(404, 'user_not_found');
      state.members.splice(index, 1);
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}

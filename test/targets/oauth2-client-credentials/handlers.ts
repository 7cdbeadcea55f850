/**
 * Fake target for `specs/examples/oauth2-client-credentials.yaml`: an asset-management API behind
 * an OAuth 2.0 client credentials grant (RFC 6749 section 4.4, client_secret_basic) with scopes,
 * offering people (import, create, delete) and asset orders (the custom action).
 */
import { randomUUID } from 'node:crypto';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { makePeople } from '../fake-people.js';

export interface AssetPerson {
  id: string;
  workEmail: string;
  displayName: string;
}

export interface AssetOrder {
  id: string;
  model: string;
  quantity: number;
  requestedFor: string;
  note: string | null;
}

export interface AssetState {
  clientId: string;
  clientSecret: string;
  /** Issued access token -> granted scopes. Clearing it revokes every token. */
  tokens: Map<string, string[]>;
  /** Scopes the server leaves out of a grant although they were asked for (RFC 6749 section 3.3). */
  withheldScopes: string[];
  people: AssetPerson[];
  orders: AssetOrder[];
}

export const KNOWN_SCOPES = ['people:read', 'people:write', 'assets:write'];

export function createAssetState(count = 12): AssetState {
  const people = makePeople(count, 'emp').map((person) => ({ id: person.id, workEmail: person.email, displayName: person.name }));
  return { clientId: 'asset-client', clientSecret: 'asset-secret-value', tokens: new Map(), withheldScopes: [], people, orders: [] };
}

const failure = (status: number, error: string, description?: string): Response => HttpResponse.json({ error, error_description: description }, { status });

function issueToken(state: AssetState, form: URLSearchParams, authorization: string | null): Response {
  const expected = `Basic ${Buffer.from(`${state.clientId}:${state.clientSecret}`).toString('base64')}`;
  if (authorization !== expected) return failure(401, 'invalid_client', 'Client authentication failed');
  if (form.get('grant_type') !== 'client_credentials') return failure(400, 'unsupported_grant_type');
  const scopes = (form.get('scope') ?? '').split(' ').filter((scope) => scope !== '');
  if (scopes.some((scope) => !KNOWN_SCOPES.includes(scope))) return failure(400, 'invalid_scope');
  const granted = scopes.filter((scope) => !state.withheldScopes.includes(scope));
  const token = randomUUID();
  state.tokens.set(token, granted);
  return HttpResponse.json({ access_token: token, token_type: 'Bearer', expires_in: 3600, scope: granted.join(' ') });
}

/** The scopes of the request's bearer token, or an error response. */
function checkScope(state: AssetState, request: Request, scope: string): Response | undefined {
  const token = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1];
  const scopes = token === undefined ? undefined : state.tokens.get(token);
  if (scopes === undefined) return failure(401, 'invalid_token', 'The access token is missing, expired or revoked');
  if (!scopes.includes(scope)) return failure(403, 'insufficient_scope', `This call needs the ${scope} scope`);
  return undefined;
}

const represent = (person: AssetPerson): Record<string, unknown> => ({ id: person.id, work_email: person.workEmail, display_name: person.displayName });

export function assetHandlers(state: AssetState): RequestHandler[] {
  return [
    http.post('*/oauth/token', async ({ request }) => issueToken(state, new URLSearchParams(await request.text()), request.headers.get('authorization'))),
    http.get('*/api/people', ({ request }) => {
      const denied = checkScope(state, request, 'people:read');
      if (denied !== undefined) return denied;
      const url = new URL(request.url);
      const offset = Number(url.searchParams.get('offset') ?? '0');
      const limit = Math.min(Number(url.searchParams.get('limit') ?? '10') || 10, 50);
      return HttpResponse.json({ data: state.people.slice(offset, offset + limit).map(represent), total: state.people.length });
    }),
    http.post('*/api/people', async ({ request }) => {
      const denied = checkScope(state, request, 'people:write');
      if (denied !== undefined) return denied;
      const body = (await request.json()) as { work_email?: unknown; display_name?: unknown };
      if (typeof body.work_email !== 'string' || typeof body.display_name !== 'string') return failure(422, 'invalid_request');
      const person: AssetPerson = { id: `emp-${randomUUID().slice(0, 8)}`, workEmail: body.work_email, displayName: body.display_name };
      state.people.push(person);
      return HttpResponse.json({ person: represent(person) }, { status: 201 });
    }),
    http.delete('*/api/people/:id', ({ request, params }) => {
      const denied = checkScope(state, request, 'people:write');
      if (denied !== undefined) return denied;
      const index = state.people.findIndex((person) => person.id === params.id);
      if (index < 0) return failure(404, 'not_found');
      state.people.splice(index, 1);
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('*/api/orders', async ({ request }) => {
      const denied = checkScope(state, request, 'assets:write');
      if (denied !== undefined) return denied;
      const body = (await request.json()) as Record<string, unknown>;
      if (typeof body.model !== 'string' || typeof body.requestedFor !== 'string' || typeof body.quantity !== 'number') {
        return failure(422, 'invalid_request', 'model, quantity and requestedFor are required');
      }
      const order: AssetOrder = {
        id: `ORD-${state.orders.length + 1}`,
        model: body.model,
        quantity: body.quantity,
        requestedFor: body.requestedFor,
        note: typeof body.note === 'string' ? body.note : null,
      };
      state.orders.push(order);
      return HttpResponse.json({ order: { ...order, status: 'pending' } }, { status: 201 });
    }),
  ];
}

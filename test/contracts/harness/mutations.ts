/**
 * Changes to a conforming request that its vendor's description does not allow, to show that a
 * contract test sees them: a wrong path, a misspelt body property (at the top and one level
 * down), a page size over its documented limit.
 */
import type { SentRequest } from './check-request.js';
import type { Contract } from './load-contract.js';

export interface Mutation {
  kind: 'wrong path' | 'misspelt body property' | 'misspelt nested body property' | 'page size over the limit';
  request: SentRequest;
}

function misspell(name: string): string {
  return name.length > 3 ? name.slice(0, 2) + name.slice(3) : `${name}x`;
}

/** The object with `key` renamed, keeping the order of the keys. */
function renamed(object: Record<string, unknown>, key: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(object).map(([name, value]) => [name === key ? misspell(name) : name, value]));
}

function bodyMutations(request: SentRequest): Mutation[] {
  if (request.body === '') return [];
  const form = (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
  if (form) {
    const [first] = new URLSearchParams(request.body).keys();
    return first === undefined
      ? []
      : [{ kind: 'misspelt body property', request: { ...request, body: request.body.replace(`${first}=`, `${misspell(first)}=`) } }];
  }
  const body = JSON.parse(request.body) as unknown;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return [];
  const object = body as Record<string, unknown>;
  const [first] = Object.keys(object);
  if (first === undefined) return [];
  const mutations: Mutation[] = [{ kind: 'misspelt body property', request: { ...request, body: JSON.stringify(renamed(object, first)) } }];
  const nestedKey = Object.keys(object).find((key) => {
    const value = object[key];
    return value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length > 0;
  });
  if (nestedKey !== undefined) {
    const nested = object[nestedKey] as Record<string, unknown>;
    const [inner] = Object.keys(nested);
    mutations.push({
      kind: 'misspelt nested body property',
      request: { ...request, body: JSON.stringify({ ...object, [nestedKey]: renamed(nested, inner as string) }) },
    });
  }
  return mutations;
}

function pageSizeMutations(contract: Contract, request: SentRequest): Mutation[] {
  const url = new URL(request.url, 'http://target.invalid');
  const mutations: Mutation[] = [];
  for (const operation of contract.operations) {
    for (const parameter of operation.parameters) {
      const maximum = parameter.schema?.maximum;
      if (parameter.in !== 'query' || typeof maximum !== 'number' || !url.searchParams.has(parameter.name)) continue;
      const changed = new URL(url);
      changed.searchParams.set(parameter.name, String(maximum + 1));
      mutations.push({ kind: 'page size over the limit', request: { ...request, url: `${changed.pathname}${changed.search}` } });
    }
  }
  return mutations;
}

function wrongPath(request: SentRequest): Mutation {
  const url = new URL(request.url, 'http://target.invalid');
  const segments = url.pathname.split('/');
  // The last segment that is a word of the API (not an id) gets a letter more: /users -> /userss.
  const index = segments.findLastIndex((segment) => /^[a-zA-Z_.]+$/u.test(segment));
  segments[index] = `${segments[index] ?? ''}s`;
  return { kind: 'wrong path', request: { ...request, url: `${segments.join('/')}${url.search}` } };
}

export function mutationsOf(contract: Contract, request: SentRequest): Mutation[] {
  return [wrongPath(request), ...bodyMutations(request), ...pageSizeMutations(contract, request)];
}

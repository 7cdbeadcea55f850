/** Route validators are compiled once per process for each schema, whichever app asks. */
import { describe, expect, it } from 'vitest';
import { validatorCompiler } from '../../../src/service/http/validation.js';

const schema = () => ({ type: 'object', properties: { limit: { type: 'integer' } }, required: ['limit'], additionalProperties: false });

describe('validatorCompiler', () => {
  it('gives an equal schema from another app the validator compiled before', () => {
    const first = validatorCompiler({ schema: schema(), method: 'POST', url: '/v1/a', httpPart: 'body' });
    const second = validatorCompiler({ schema: schema(), method: 'POST', url: '/v1/b', httpPart: 'body' });
    expect(second).toBe(first);
  });

  it('keeps bodies as sent and coerces text, for the same schema', () => {
    const body = validatorCompiler({ schema: schema(), method: 'POST', url: '/v1/a', httpPart: 'body' });
    const query = validatorCompiler({ schema: schema(), method: 'GET', url: '/v1/a', httpPart: 'querystring' });
    expect(query).not.toBe(body);
    expect(body({ limit: '5' })).toBe(false);
    expect(query({ limit: '5' })).toBe(true);
  });

  it('compiles a different schema on its own', () => {
    const other = { ...schema(), required: [] };
    const validate = validatorCompiler({ schema: other, method: 'POST', url: '/v1/c', httpPart: 'body' });
    expect(validate).not.toBe(validatorCompiler({ schema: schema(), method: 'POST', url: '/v1/c', httpPart: 'body' }));
    expect(validate({})).toBe(true);
  });
});

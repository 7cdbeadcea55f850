/** The list of standard actions exists once: generated from the schema's `standardActionName`. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { emitSpecTypes } from '../../src/compiler/emit-spec-types.js';
import { STANDARD_ACTION_NAMES } from '../../generated/spec-types.js';
import { STANDARD_ACTIONS } from '../../src/compiler/rules/spec-walk.js';

describe('standard action names', () => {
  it('are the schema enum, in its order, for the validator and the runtime alike', () => {
    const schema = JSON.parse(readFileSync(new URL('../../schema/connector-spec.schema.json', import.meta.url), 'utf8')) as { $defs: { standardActionName: { enum: string[] } } };
    expect([...STANDARD_ACTION_NAMES]).toEqual(schema.$defs.standardActionName.enum);
    expect(STANDARD_ACTIONS).toBe(STANDARD_ACTION_NAMES);
  });

  it('are emitted from whatever the schema lists', async () => {
    const text = await emitSpecTypes({ title: 'X', type: 'object', $defs: { standardActionName: { title: 'StandardActionName', enum: ['importUsers', 'archiveUser'] } } });
    expect(text).toContain('export const STANDARD_ACTION_NAMES = ["importUsers","archiveUser"] as const');
  });
});

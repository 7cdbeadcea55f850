/** The list of standard actions exists once: generated from the schema's `standardActionName`. */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { emitSpecTypes } from '../../src/compiler/emit-spec-types.js';
import { STANDARD_ACTION_NAMES } from '../../generated/spec-types.js';

const SRC = new URL('../../src/', import.meta.url);

/** Lines of src/ that spell three or more standard action names as string literals: a hand-written copy of the list. */
function handWrittenLists(): string[] {
  const found: string[] = [];
  // Simulators stand for the vendors' APIs, not for our action list.
  const files = readdirSync(SRC, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.ts') && !file.startsWith('simulators/'));
  for (const file of files) {
    for (const [index, line] of readFileSync(new URL(file, SRC), 'utf8').split('\n').entries()) {
      const named = STANDARD_ACTION_NAMES.filter((name) => line.includes(`'${name}'`) || line.includes(`"${name}"`));
      if (named.length >= 3) found.push(`src/${file}:${index + 1}`);
    }
  }
  return found;
}

describe('standard action names', () => {
  it('are the schema enum, in its order, for the validator and the runtime alike', () => {
    const schema = JSON.parse(readFileSync(new URL('../../schema/connector-spec.schema.json', import.meta.url), 'utf8')) as {
      $defs: { standardActionName: { enum: string[] } };
    };
    expect([...STANDARD_ACTION_NAMES]).toEqual(schema.$defs.standardActionName.enum);
  });

  it('are never written out again in src/ (the validator, runtime, CLI and service import STANDARD_ACTION_NAMES)', () => {
    expect(handWrittenLists()).toEqual([]);
  });

  it('are emitted from whatever the schema lists', async () => {
    const text = await emitSpecTypes({
      title: 'X',
      type: 'object',
      $defs: { standardActionName: { title: 'StandardActionName', enum: ['importUsers', 'archiveUser'] } },
    });
    expect(text).toContain('export const STANDARD_ACTION_NAMES = ["importUsers","archiveUser"] as const');
  });
});

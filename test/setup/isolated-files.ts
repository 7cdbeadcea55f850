/**
 * The test files that run in a fresh process each (Vitest's `isolate: true`). Every other file of
 * `npm test` shares its worker's modules with the files that ran before it in the same worker
 * (`isolate: false`), which halves the suite's CPU time: most of a file's cost was importing the
 * same service modules again.
 *
 * A file belongs here when it:
 * - mocks a module (`vi.mock`, `vi.doMock`) or resets the module registry: a shared worker has the
 *   real module loaded already;
 * - changes `process.env` (or imports a helper that does, such as test/jq/fake-jq-binary.ts) or
 *   installs fake timers: the change would reach the next file in the worker;
 * - measures a latency ratio (`medianRatioDuring`): a shared worker's heap holds earlier files'
 *   garbage, and its collections would count against the service under test.
 *
 * test/setup/isolated-files.test.ts fails when a file does one of these and is not listed.
 */
export const ISOLATED_FILES = [
  'test/compiler/rules/jq-checker.test.ts',
  'test/compiler/rules/semantic-rules.test.ts',
  'test/hostile/hostile-spec.test.ts',
  'test/hostile/hostile-target-tricks.test.ts',
  'test/hostile/hostile-target.test.ts',
  'test/jq/unit/binary-engine.test.ts',
  'test/jq/unit/compile-jq.test.ts',
  'test/jq/unit/jq-isolate.test.ts',
  'test/runtime/mapping/page-mapper.test.ts',
  'test/runtime/mapping/page-parsed-once.test.ts',
  'test/runtime/precompiled-connector.test.ts',
  'test/service/integrations/customer-jq-gates.test.ts',
  'test/service/integrations/customer-jq.test.ts',
];

/** What makes a file need its own process (see above), as source patterns. */
export const NEEDS_ISOLATION: ReadonlyArray<{ pattern: RegExp; reason: string }> = [
  { pattern: /\bvi\.(?:mock|doMock|unmock|resetModules)\(/, reason: 'mocks or reloads modules' },
  { pattern: /\bprocess\.env(?:\.\w+|\[[^\]]+\])\s*=(?!=)|\bdelete\s+process\.env|\bvi\.stubEnv\(/, reason: 'changes process.env' },
  { pattern: /fake-jq-binary/, reason: 'puts a fake jq on PATH' },
  { pattern: /\bvi\.useFakeTimers\(/, reason: 'installs fake timers' },
  { pattern: /(?<!function )\b(?:medianRatioDuring|ratioWhile)\(/, reason: 'measures a latency ratio' },
];

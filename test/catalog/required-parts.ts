/**
 * The four parts every shipped prebuilt connector must have besides its spec: a simulator that
 * answers as the vendor does, the vendor's own description as a contract fixture (with the contract
 * test that reads it), and its docs page. Returns what is missing, one sentence per part.
 */
export const REQUIRED_PARTS = [
  { part: 'simulator', path: (id: string) => `src/simulators/${id}/index.ts` },
  { part: 'contract fixture', path: (id: string) => `test/contracts/fixtures/${id}.json` },
  { part: 'contract test', path: (id: string) => `test/contracts/${id}.contract.test.ts` },
  { part: 'docs page', path: (id: string) => `docs/connectors/${id}.md` },
] as const;

export function missingParts(input: { ids: string[]; exists(path: string): boolean }): string[] {
  return input.ids.flatMap((id) => REQUIRED_PARTS.filter(({ path }) => !input.exists(path(id))).map(({ part, path }) => `${id}: no ${part} (${path(id)})`));
}

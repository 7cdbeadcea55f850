/**
 * The YAML block to paste under `actions.importUsers` of a spec: `records:` and `mapping:`.
 */
import { Document } from 'yaml';

export function renderConfigYaml(input: { records: string; mapping: Record<string, string> }): string {
  const doc = new Document({ records: input.records, mapping: input.mapping });
  // lineWidth 0: never fold a long jq expression onto two lines.
  return doc.toString({ lineWidth: 0 });
}

/** Global setup of the conformance run: starts from no figures, prints the table when the run ends. */
import { clearConformanceResults, formatConformanceTable, readConformanceResults } from './conformance-results.js';

export function setup(): void {
  clearConformanceResults();
}

export function teardown(): void {
  console.log(formatConformanceTable(readConformanceResults()));
}

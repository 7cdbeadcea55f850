/**
 * A plain-text table for the demo's terminal output: one header row, a rule, left-aligned columns.
 */
export interface Column<Row> {
  title: string;
  value: (row: Row) => string;
}

export function formatTable<Row>(rows: readonly Row[], columns: ReadonlyArray<Column<Row>>): string {
  const cells = rows.map((row) => columns.map((column) => column.value(row)));
  const widths = columns.map((column, index) => Math.max(column.title.length, ...cells.map((line) => line[index]?.length ?? 0)));
  const render = (line: readonly string[]): string =>
    line
      .map((cell, index) => cell.padEnd(widths[index] ?? 0))
      .join('  ')
      .trimEnd();
  return [render(columns.map((column) => column.title)), render(widths.map((width) => '-'.repeat(width))), ...cells.map(render)].join('\n');
}

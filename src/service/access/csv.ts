/**
 * CSV (RFC 4180): quoted fields, doubled quotes, CRLF rows. Every export (Access Grid, Application
 * Audit, API and console) is written here, so formula neutralising lives in this one place.
 */

/**
 * A cell a spreadsheet may run as a formula: it starts with =, +, - or @, after optional
 * whitespace, or with a tab or carriage return (OWASP "CSV Injection" lists all six).
 */
const FORMULA_LEAD = /^(?:[\t\r]|\s*[=+\-@])/u;

function formatField(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  // The leading ' makes the spreadsheet read the cell as text.
  if (FORMULA_LEAD.test(text)) text = `'${text}`;
  return /[",\r\n]/u.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function formatCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return [header, ...rows].map((row) => row.map(formatField).join(',')).join('\r\n') + '\r\n';
}

/** Rows of fields; throws on an unterminated quote with its line. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let quoteLine = 0;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line += 1;
        field += char;
      }
    } else if (char === '"' && field === '') {
      quoted = true;
      quoteLine = line;
    } else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      line += 1;
    } else field += char;
  }
  if (quoted) throw new Error(`line ${quoteLine}: a quoted field is not closed`);
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows.filter((fields) => fields.some((value) => value.trim() !== ''));
}

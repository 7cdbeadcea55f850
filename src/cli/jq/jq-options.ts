/** `connector jq` arguments: jq's `-r`, `-n`, `-c` (also combined, `-rn`), `--`, the filter and files. */
export interface Options {
  raw: boolean;
  nullInput: boolean;
  filter: string;
  files: string[];
}

export function parseOptions(args: string[]): Options | string {
  const options: Options = { raw: false, nullInput: false, filter: '', files: [] };
  const positional: string[] = [];
  for (const [index, arg] of args.entries()) {
    if (arg === '--') {
      positional.push(...args.slice(index + 1));
      break;
    }
    if (/^-[rnc]+$/u.test(arg)) {
      options.raw ||= arg.includes('r');
      options.nullInput ||= arg.includes('n');
    } else if (arg === '--raw-output') options.raw = true;
    else if (arg === '--null-input') options.nullInput = true;
    else if (arg === '--compact' || arg === '--compact-output') continue;
    else if (arg === '-h' || arg === '--help') return 'help';
    else if (arg.startsWith('-') && arg !== '-') return `unknown option '${arg}'`;
    else positional.push(arg);
  }
  const [filter, ...files] = positional;
  if (filter === undefined) return 'missing <filter>';
  return { ...options, filter, files };
}

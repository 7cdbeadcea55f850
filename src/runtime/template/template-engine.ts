/**
 * One isolated Handlebars instance for every connector template, with the helpers the spec
 * format documents: eq, concat, default, lower, upper (and the internal __json used by bodies).
 * Isolated (Handlebars.create()) so nothing registered elsewhere in the process leaks in.
 */
import Handlebars from 'handlebars';

export type TemplateEngine = ReturnType<typeof Handlebars.create>;

/** Handlebars passes its options object as the last argument of every helper. */
function dropOptions(args: unknown[]): unknown[] {
  return args.slice(0, -1);
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/** JSON text of a value; undefined, functions and symbols become null. */
export function encodeJsonValue(value: unknown): string {
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') return 'null';
  return JSON.stringify(value) ?? 'null';
}

export function createTemplateEngine(): TemplateEngine {
  const engine = Handlebars.create();
  engine.registerHelper('eq', (...args: unknown[]) => {
    const [a, b] = dropOptions(args);
    return a === b;
  });
  engine.registerHelper('concat', (...args: unknown[]) =>
    dropOptions(args)
      .map((part) => (isEmpty(part) ? '' : String(part)))
      .join(''),
  );
  engine.registerHelper('default', (...args: unknown[]) => dropOptions(args).find((part) => !isEmpty(part)));
  engine.registerHelper('lower', (...args: unknown[]) => {
    const [value] = dropOptions(args);
    return typeof value === 'string' ? value.toLowerCase() : value;
  });
  engine.registerHelper('upper', (...args: unknown[]) => {
    const [value] = dropOptions(args);
    return typeof value === 'string' ? value.toUpperCase() : value;
  });
  // The JSON-body rewrite (json-body.ts) turns every `{{expr}}` into `{{__json expr}}`.
  engine.registerHelper('__json', (...args: unknown[]) => encodeJsonValue(dropOptions(args)[0]));
  return engine;
}

/** The engine shared by every connector; helpers are stateless, so one is enough. */
export const templateEngine = createTemplateEngine();

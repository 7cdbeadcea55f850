/**
 * HTML forms post `application/x-www-form-urlencoded`. Parsed only inside the console (the API
 * keeps refusing anything but JSON). A field given once is a string, given several times (a group
 * of checkboxes) an array.
 */
import type { FastifyInstance } from 'fastify';

export type FormBody = Record<string, string | string[]>;

/** The largest form is a build-your-own spec: the API's body limit (1 MiB) holds here too; anything larger is refused (413). */
const FORM_LIMIT = 1024 * 1024;

export function parseForm(text: string): FormBody {
  const form: FormBody = Object.create(null) as FormBody;
  for (const [name, value] of new URLSearchParams(text)) {
    const before = form[name];
    form[name] = before === undefined ? value : Array.isArray(before) ? [...before, value] : [before, value];
  }
  return form;
}

export function acceptForms(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_LIMIT }, (_request, body, done) => {
    done(null, parseForm(body as string));
  });
}

/** One text field of a form: a missing or repeated field is absent. */
export function formText(body: unknown, name: string): string | undefined {
  const value = (body as FormBody | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
}

/** A field that may repeat (checkboxes). */
export function formList(body: unknown, name: string): string[] {
  const value = (body as FormBody | undefined)?.[name];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

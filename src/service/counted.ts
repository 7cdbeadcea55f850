/**
 * A count with its noun in the right number ("1 item", "2 items", "1 person", "3 people"): the one
 * place the review and mover messages (API, console, CLI) get their plurals from.
 */
export function counted(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

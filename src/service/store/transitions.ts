/**
 * A state machine as one table of allowed moves, and the one `transition(from, to)` that refuses
 * every other (as Nango's scheduler does with `validTaskStateTransitions`). Each statement that
 * changes a status asks it first, and names in its `WHERE` only the statuses it was allowed to
 * move from: a move the table does not list cannot reach the database.
 */
/** A move the table does not list: a defect of the caller, never an answer to a request. */
export class TransitionRefused extends Error {
  override readonly name = 'TransitionRefused';
}

export type Moves<S extends string> = Readonly<Record<S, readonly S[]>>;

export interface StateMachine<S extends string> {
  /** What is moved (`sync run`, `workflow task`): named in the refusal. */
  readonly subject: string;
  readonly moves: Moves<S>;
  readonly states: readonly S[];
  allowed(from: S, to: S): boolean;
  /** Refuses a move the table does not list; returns it otherwise. */
  transition(from: S, to: S): { from: S; to: S };
  /** The statuses `to` may be reached from, each checked: the `status = ANY(...)` of a statement. */
  sources(to: S, from: readonly S[]): S[];
}

export function stateMachine<S extends string>(subject: string, moves: Moves<S>): StateMachine<S> {
  const states = Object.keys(moves) as S[];
  const allowed = (from: S, to: S) => (moves[from] ?? []).includes(to);
  const transition = (from: S, to: S) => {
    if (!allowed(from, to)) {
      throw new TransitionRefused(`a ${subject} cannot move from ${from} to ${to} (allowed from ${from}: ${(moves[from] ?? []).join(', ') || 'none'})`);
    }
    return { from, to };
  };
  return {
    subject,
    moves,
    states,
    allowed,
    transition,
    sources: (to, from) => from.map((status) => transition(status, to).from),
  };
}

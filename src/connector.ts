/**
 * The contract between the compiler and the runtime: what a compiled connector is.
 *
 * `connector compile` emits one module per shipped spec in `generated/`, each exporting a
 * `CompiledConnector` whose type parameters are that spec's operator inputs, standard actions and
 * custom action names. A build-your-own spec compiled at run time gets the same shape with the
 * wide defaults. The runtime's `connect()` reads the type parameters, so a client of a connector
 * without `activateUser` has no such method and its inputs object is checked per connector.
 */
import type { ConnectorSpec, StandardActionName } from '../generated/spec-types.js';
import type { JqAst } from './jq/precompiled.js';

export type { ConnectorSpec, StandardActionName, JqAst };

/**
 * Work `connector compile` did ahead of time, so a shipped connector needs no parsing at run time.
 * Optional: a spec compiled at run time has none, and the runtime then parses as usual.
 */
export interface PrecompiledConnector {
  /**
   * Every jq program the runtime compiles for the spec, parsed: exact program text -> AST, in
   * text order. Programs the in-process engine refuses are absent (they run on the jq binary).
   */
  readonly jq: Readonly<Record<string, JqAst>>;
}

/** Operator inputs as the runtime receives them: input name to value. */
export type InputValues = Record<string, string | undefined>;

export interface CompiledConnector<
  Inputs extends InputValues = InputValues,
  Actions extends StandardActionName = StandardActionName,
  CustomActions extends string = string,
> {
  /** The validated spec, with every default of the schema filled in. */
  readonly spec: ConnectorSpec;
  /** Where the spec came from (repository-relative path, or `<runtime>`), for messages. */
  readonly source: string;
  /** Parsed jq programs from `connector compile` (generated modules only). */
  readonly precompiled?: PrecompiledConnector;
  /**
   * Phantom field carrying the type parameters; never set at run time. It makes
   * `CompiledConnector<A>` and `CompiledConnector<B>` distinct types.
   */
  readonly __types?: { inputs: Inputs; actions: Actions; customActions: CustomActions };
}

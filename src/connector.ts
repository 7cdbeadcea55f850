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

export type { ConnectorSpec, StandardActionName };

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
  /**
   * Phantom field carrying the type parameters; never set at run time. It makes
   * `CompiledConnector<A>` and `CompiledConnector<B>` distinct types.
   */
  readonly __types?: { inputs: Inputs; actions: Actions; customActions: CustomActions };
}

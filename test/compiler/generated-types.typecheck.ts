/**
 * Type test, checked by `npm run typecheck` (tsc includes test/): a generated connector's types
 * reject an input name and an action name the connector does not have. Each `@ts-expect-error`
 * fails the type check if the line below it stops being an error.
 */
import { connectors, incidentPlatformConnector, type IncidentPlatformActionName, type IncidentPlatformInputs } from '../../generated/index.js';
import type { InputValues } from '../../src/connector.js';

type TypesOf<C> = C extends { readonly __types?: infer T } ? NonNullable<T> : never;
type Inputs = TypesOf<typeof incidentPlatformConnector>['inputs'];
type Actions = TypesOf<typeof incidentPlatformConnector>['actions'];
type Custom = TypesOf<typeof incidentPlatformConnector>['customActions'];

export const inputs: Inputs = { token: 'key' };
// @ts-expect-error: the incident platform has no `password` input.
export const wrongInput: Inputs = { token: 'key', password: 'x' };
// @ts-expect-error: `token` is a required input.
export const missingInput: IncidentPlatformInputs = {};

export const action: Actions = 'deleteUser';
// @ts-expect-error: the incident platform has no deactivate action (docs/contributors/product-rules.md "Incident platform" 4: exactly three actions).
export const wrongAction: IncidentPlatformActionName = 'deactivateUser';
// @ts-expect-error: and no custom actions.
export const wrongCustom: Custom = 'orderAsset';

// Inputs are a type alias, so they stay assignable to what the runtime receives.
export const asValues: InputValues = inputs;
export const registered: typeof incidentPlatformConnector = connectors['incident-platform'];

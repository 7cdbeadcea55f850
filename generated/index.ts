// Generated from specs/ by `npm run connector -- compile`. Do not edit.
import type { CompiledConnector } from '../src/connector.js';
import { apiKeyQueryLinkConnector } from './api-key-query-link.js';
import { atlassianCloudConnector } from './atlassian-cloud.js';
import { basicPageNumberConnector } from './basic-page-number.js';
import { bearerCursorConnector } from './bearer-cursor.js';
import { boxConnector } from './box.js';
import { cloudflareConnector } from './cloudflare.js';
import { datadogConnector } from './datadog.js';
import { entraIdConnector } from './entra-id.js';
import { githubOrgConnector } from './github-org.js';
import { gitlabConnector } from './gitlab.js';
import { googleWorkspaceConnector } from './google-workspace.js';
import { grafanaConnector } from './grafana.js';
import { incidentPlatformConnector } from './incident-platform.js';
import { oauth2ClientCredentialsConnector } from './oauth2-client-credentials.js';
import { oktaConnector } from './okta.js';
import { scim20Connector } from './scim-2-0.js';
import { scim20OauthConnector } from './scim-2-0-oauth.js';
import { sentryConnector } from './sentry.js';
import { zendeskConnector } from './zendesk.js';

export * from './api-key-query-link.js';
export * from './atlassian-cloud.js';
export * from './basic-page-number.js';
export * from './bearer-cursor.js';
export * from './box.js';
export * from './cloudflare.js';
export * from './datadog.js';
export * from './entra-id.js';
export * from './github-org.js';
export * from './gitlab.js';
export * from './google-workspace.js';
export * from './grafana.js';
export * from './incident-platform.js';
export * from './oauth2-client-credentials.js';
export * from './okta.js';
export * from './scim-2-0.js';
export * from './scim-2-0-oauth.js';
export * from './sentry.js';
export * from './zendesk.js';

/** Every shipped connector by id. */
export const connectors = {
  'api-key-query-link': apiKeyQueryLinkConnector,
  'atlassian-cloud': atlassianCloudConnector,
  'basic-page-number': basicPageNumberConnector,
  'bearer-cursor': bearerCursorConnector,
  'box': boxConnector,
  'cloudflare': cloudflareConnector,
  'datadog': datadogConnector,
  'entra-id': entraIdConnector,
  'github-org': githubOrgConnector,
  'gitlab': gitlabConnector,
  'google-workspace': googleWorkspaceConnector,
  'grafana': grafanaConnector,
  'incident-platform': incidentPlatformConnector,
  'oauth2-client-credentials': oauth2ClientCredentialsConnector,
  'okta': oktaConnector,
  'scim-2-0': scim20Connector,
  'scim-2-0-oauth': scim20OauthConnector,
  'sentry': sentryConnector,
  'zendesk': zendeskConnector,
} as const satisfies Record<string, CompiledConnector>;

/** Identifier names derived from a connector id (`incident-platform` -> incidentPlatform, IncidentPlatform). */

export function camelCaseId(id: string): string {
  return id.replace(/-([a-z0-9])/gu, (_, c: string) => c.toUpperCase());
}

export function pascalCaseId(id: string): string {
  const camel = camelCaseId(id);
  return camel.charAt(0).toUpperCase() + camel.slice(1);
}

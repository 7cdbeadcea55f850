/**
 * Methods a retry may send twice (RFC 9110 section 9.2.2); PATCH is not one (RFC 5789). The
 * compiler's lower stage settles each request's `idempotent` from it; the runtime only reads it.
 */
export const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

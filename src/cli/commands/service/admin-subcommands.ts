/**
 * The `connector service` subcommands that reach a running embedded service through its admin API
 * (src/service/admin/), named once for the help text and the start-up message.
 */
export const ADMIN_SUBCOMMANDS = ['tenant', 'token', 'operator', 'integration', 'sync', 'workflow', 'profile', 'review'] as const;

/** `tenant|token|…` as the help and the start-up message print it. */
export const ADMIN_SUBCOMMAND_LIST = ADMIN_SUBCOMMANDS.join('|');

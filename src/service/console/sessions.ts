/**
 * The console's view of its sessions: they live in the database (operators/console-sessions.ts),
 * shared by every service process; this module names what the console's routes use of them.
 */
export { randomSecret, type ConsoleSession, type ConsoleSessionOperations } from '../operators/console-sessions.js';

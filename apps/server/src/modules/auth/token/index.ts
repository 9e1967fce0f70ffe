/**
 * Session tokens and their lifecycle: rotation (`gettoken`), the browser's auto logoff,
 * the server's idle limit and the "logged out after inactivity" flag (idle.ts).
 */
export { registerSessionTokens } from './routes.ts';
export {
  countsAsActivity,
  registerEndedSessionNotice,
  serverIdleLimitMs,
  SERVER_IDLE_GRACE_MS,
  LOGOUT_REASON_MAX_AGE_S,
  SESSION_CHECK_PATH,
} from './idle.ts';

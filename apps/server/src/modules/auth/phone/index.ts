/** Phone registration, phone + password and SMS-code login, the phone countries (routes.ts). */
export { phoneAuthRoutes, DEFAULT_PHONE_RATE_LIMITS, SMS_SENT, type PhoneRateLimits } from './routes.ts';
export { SMS_CODE_POLICY, CODES_PER_PHONE_PER_HOUR } from './service.ts';

export * from './password-policy.ts';
export * from './login-identifier.ts';
export * from './phone.ts';
export * from './throttle.ts';
export * from './protection-level.ts';
export * from './phone-countries.ts';
export * from './verification.ts';
export * from './auto-logoff.ts';

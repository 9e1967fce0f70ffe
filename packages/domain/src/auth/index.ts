export * from './password-policy.ts';
export * from './login-identifier.ts';
export * from './phone.ts';
export * from './throttle.ts';

export { LoginForm, type LoginFormProps } from './login-form.tsx';
export { RegistrationForm, type RegistrationFormProps } from './registration-form.tsx';
export { ForgotPasswordForm } from './forgot-password-form.tsx';
export { submitJson, failureText, AUTH_ENDPOINTS, type SubmitResult } from './api.ts';
export { LogoutButton } from './logout-button.tsx';
export { hasSession } from './api.ts';

/**
 * Captcha checking for logins after repeated failures and for SMS requests (SPEC §8 code
 * 100, §7 captcha API). The default verifier is the captcha module's service (a token from
 * `/web-api/captcha/v1/validate`, once); tests may inject their own. `refuseAllCaptchas`
 * accepts nothing: after 3 failed logins an account then waits for its failures to expire.
 */
export interface CaptchaVerifier {
  /** True when `answer` (the `x-captcha` header) proves a human solved the challenge. */
  verify(answer: string, context: { ip: string; loginKey: string }): Promise<boolean>;
}

export const refuseAllCaptchas: CaptchaVerifier = {
  verify: async () => false,
};

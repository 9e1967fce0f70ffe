/**
 * Captcha checking for logins after repeated failures (SPEC §8 code 100, §7 captcha API).
 *
 * The captcha service does not exist yet. Until it does, the default verifier REFUSES
 * EVERY ANSWER: after 3 failed logins for one account, logging in to that account is
 * impossible until its failures expire (LOGIN_FAILURE_RESET_MS, 1 hour after the last
 * failure) or the counter is cleared. That is deliberate: accepting any non-empty header
 * would turn the captcha into no protection at all. Wire the real service in through
 * `BuildOptions.auth.captcha` (and replace the default) when it lands.
 */
export interface CaptchaVerifier {
  /** True when `answer` (the `x-captcha` header) proves a human solved the challenge. */
  verify(answer: string, context: { ip: string; loginKey: string }): Promise<boolean>;
}

export const refuseAllCaptchas: CaptchaVerifier = {
  verify: async () => false,
};

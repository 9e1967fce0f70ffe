/** The RGS session id the host put in the iframe URL: `/rgs/app/#session=<id>`. */
const SESSION_ID = /^[A-Za-z0-9_.:-]{1,200}$/;

export function sessionIdFromHash(hash: string): string | null {
  const id = new URLSearchParams(hash.replace(/^#/, '')).get('session');
  return id !== null && SESSION_ID.test(id) ? id : null;
}

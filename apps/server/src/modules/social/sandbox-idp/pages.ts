/** The sandbox identity provider's HTML: plain server-rendered forms, no script, everything escaped. */
import { SANDBOX_IDENTITIES } from './identities.ts';

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;background:#eef2f7;color:#111;margin:0;padding:2rem}
main{max-width:30rem;margin:auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 2px 12px #0002}
h1{font-size:1.25rem;margin:0 0 .5rem}label{display:block;margin:.5rem 0 .25rem}
input[type=text],input[type=email]{width:100%;box-sizing:border-box;padding:.5rem;font:inherit;border:1px solid #bbb;border-radius:6px}
fieldset{border:1px solid #ddd;border-radius:8px;margin:1rem 0;padding:.5rem 1rem 1rem}
.choice{display:flex;gap:.5rem;align-items:flex-start;margin:.5rem 0}.choice input{margin-top:.35rem}
button{font:inherit;padding:.5rem 1rem;margin:.75rem .5rem 0 0;border-radius:6px;border:1px solid #888;cursor:pointer}
.allow{background:#2563eb;color:#fff;border-color:#2563eb}.error{color:#b00;font-weight:600}.note{color:#555;font-size:.875rem}`;

export function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer"><title>${escapeHtml(title)} · Sandbox ID</title><style>${STYLE}</style></head>
<body><main><p class="note">Sandbox ID — a test identity provider; never use real accounts</p>${body}</main></body></html>`;
}

export function errorPage(message: string): string {
  return page('Error', `<h1>This sign-in request cannot be served</h1><p class="error" role="alert">${escapeHtml(message)}</p>`);
}

/** The consent page: pick (or type) the identity to sign in as, then allow or deny. */
export function authorizePage(params: Readonly<Record<string, string>>, clientName: string, error?: string): string {
  const hidden = Object.entries(params)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  const presets = Object.entries(SANDBOX_IDENTITIES)
    .map(
      ([key, identity], i) => `<label class="choice"><input type="radio" name="identity" value="${key}"${i === 0 ? ' checked' : ''}>
<span><strong>${escapeHtml(identity.name)}</strong><br><span class="note">${
        identity.email ? `${escapeHtml(identity.email)} (${identity.email_verified ? 'verified' : 'not verified'})` : 'no e-mail'
      } · id ${escapeHtml(identity.sub)}</span></span></label>`,
    )
    .join('');
  return page(
    'Sign in',
    `<h1>Sign in to ${escapeHtml(clientName)} with Sandbox ID</h1>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/sandbox-idp/authorize">${hidden}
<fieldset><legend>Test identity</legend>${presets}
<label class="choice"><input type="radio" name="identity" value="custom"><span><strong>Another identity</strong></span></label>
<label for="custom-sub">Subject id</label><input type="text" id="custom-sub" name="sub" maxlength="64" autocomplete="off">
<label for="custom-name">Name</label><input type="text" id="custom-name" name="name" maxlength="100" autocomplete="off">
<label for="custom-email">E-mail</label><input type="email" id="custom-email" name="email" maxlength="254" autocomplete="off">
<label class="choice"><input type="checkbox" name="email_verified"><span>E-mail verified</span></label>
</fieldset>
<p>${escapeHtml(clientName)} will receive your id, name and e-mail.</p>
<button class="allow" type="submit" name="action" value="allow">Continue</button>
<button type="submit" name="action" value="deny">Cancel</button>
</form>`,
  );
}

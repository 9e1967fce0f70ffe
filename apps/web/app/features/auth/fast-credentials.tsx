/**
 * One-click registration (SPEC §3/§4): the generated login and password are shown once and
 * the player is offered to keep them — as a text file (0) or a picture (1). Sending them
 * by e-mail (2) arrives with the e-mail delivery.
 */
import { useTranslation } from '../../i18n/react.tsx';
import { FormMessage, formStyles } from '../../shell/ui/field.tsx';

export interface Credentials {
  login: string;
  password: string;
}

function download(name: string, href: string) {
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  a.click();
}

function credentialsText(c: Credentials, site: string): string {
  return `${site}\nLogin: ${c.login}\nPassword: ${c.password}\n`;
}

function saveAsFile(c: Credentials) {
  const url = URL.createObjectURL(new Blob([credentialsText(c, location.origin)], { type: 'text/plain' }));
  download(`login-${c.login}.txt`, url);
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function saveAsPicture(c: Credentials) {
  const canvas = document.createElement('canvas');
  canvas.width = 480;
  canvas.height = 160;
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#14181f';
  ctx.font = '20px system-ui, sans-serif';
  credentialsText(c, location.host)
    .trim()
    .split('\n')
    .forEach((line, i) => ctx.fillText(line, 24, 44 + i * 36));
  download(`login-${c.login}.png`, canvas.toDataURL('image/png'));
}

export function FastCredentials({ credentials, continueHref }: { credentials: Credentials; continueHref: string }) {
  const { t } = useTranslation();
  return (
    <div className={formStyles.form}>
      <FormMessage kind="success">{t('modal_registration_fast_done')}</FormMessage>
      <dl data-testid="fast-credentials">
        <dt>{t('modal_registration_fast_login')}</dt>
        <dd>
          <output>{credentials.login}</output>
        </dd>
        <dt>{t('modal_registration_fast_password')}</dt>
        <dd>
          <output>{credentials.password}</output>
        </dd>
      </dl>
      <div className={formStyles.links}>
        <button type="button" className="btn btn-ghost" onClick={() => saveAsFile(credentials)}>
          {t('modal_registration_fast_save_file')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={() => saveAsPicture(credentials)}>
          {t('modal_registration_fast_save_picture')}
        </button>
      </div>
      <button type="button" className={`btn btn-accent ${formStyles.submit}`} onClick={() => window.location.assign(continueHref)}>
        {t('modal_registration_fast_continue')}
      </button>
    </div>
  );
}

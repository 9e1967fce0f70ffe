/**
 * Two-step authentication on the security page: turn on (QR code and secret for an
 * authenticator app, then a first code), the recovery codes shown once (copy, download as
 * .txt), new recovery codes, and turn off with a code.
 */
import { useState, type FormEvent } from 'react';
import type { RecoveryCodesResponse, TwoStepSetupResponse } from '@betsite/contracts';
import { useTranslation } from '../../i18n/react.tsx';
import { api, type ApiResult } from '../../shell/http.ts';
import { Panel } from '../../shell/page-kit.tsx';
import { Field, formStyles } from '../../shell/ui/field.tsx';
import { NoticeLine, type Notice } from './notice.tsx';
import type { PanelProps } from './panel-props.ts';
import { errorText, groupSecret, recoveryCodesFile, SECURITY_URLS, svgDataUrl } from './security.ts';
import styles from './security.module.css';

const codeField = { inputMode: 'numeric', autoComplete: 'one-time-code', pattern: '[0-9]{6}', maxLength: 6, required: true } as const;

export function TwoStepPanel({ state, guard, reload, formatDate }: PanelProps) {
  const { t } = useTranslation('office');
  const [setup, setSetup] = useState<TwoStepSetupResponse | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [pending, setPending] = useState(false);
  const { twoStep } = state;

  async function run<T>(call: () => Promise<ApiResult<T>>, onOk: (body: T) => void | Promise<void>) {
    setPending(true);
    setNotice(null);
    const result = await guard(call);
    if (result.ok) await onOk(result.body);
    else setNotice({ kind: 'error', text: errorText(result, t) });
    setPending(false);
  }

  const startSetup = () => run(() => api.post<TwoStepSetupResponse>(SECURITY_URLS.twoStepSetup), setSetup);

  const confirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    return run(
      () => api.post<RecoveryCodesResponse>(SECURITY_URLS.twoStepEnable, { code }),
      async (body) => {
        setSetup(null);
        setCodes(body.recoveryCodes);
        setNotice({ kind: 'success', text: t('security_twostep_on_done') });
        await reload();
      },
    );
  };

  const turnOff = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    return run(
      () => api.post(SECURITY_URLS.twoStepDisable, { code }),
      async () => {
        setNotice({ kind: 'success', text: t('security_twostep_off_done') });
        await reload();
      },
    );
  };

  const newCodes = () =>
    run(
      () => api.post<RecoveryCodesResponse>(SECURITY_URLS.recoveryCodes),
      async (body) => {
        setCodes(body.recoveryCodes);
        await reload();
      },
    );

  return (
    <Panel title={t('security_twostep_title')} id="security-two-step">
      <NoticeLine notice={notice} />
      {codes ? (
        <RecoveryCodes codes={codes} account={state.email.address ?? state.phone.number} onDone={() => setCodes(null)} />
      ) : twoStep.enabled ? (
        <div className={styles.stack}>
          <p>
            <strong>{twoStep.enabledAt ? t('security_twostep_on', { date: formatDate(twoStep.enabledAt) }) : t('security_twostep_on_plain')}</strong>
          </p>
          <p className={styles.muted}>{t('security_twostep_codes_left', { count: twoStep.recoveryCodesLeft })}</p>
          <div className={styles.row}>
            <button type="button" className="btn btn-ghost" onClick={() => void newCodes()} disabled={pending}>
              {t('security_twostep_new_codes')}
            </button>
          </div>
          <form className={formStyles.form} onSubmit={(e) => void turnOff(e)}>
            <Field label={t('security_twostep_off_code_label')} name="code" autoComplete="one-time-code" maxLength={24} required hint={t('security_twostep_off_code_hint')} />
            <button type="submit" className="btn btn-ghost" disabled={pending}>
              {t('security_twostep_turn_off')}
            </button>
          </form>
        </div>
      ) : setup ? (
        <div className={styles.stack}>
          <p>{t('security_twostep_scan')}</p>
          <img className={styles.qr} src={svgDataUrl(setup.qrSvg)} alt={t('security_twostep_qr_alt')} width={200} height={200} />
          <p>
            {t('security_twostep_secret_label')}{' '}
            <code className={styles.secret} data-testid="two-step-secret" data-secret={setup.secret}>
              {groupSecret(setup.secret)}
            </code>
          </p>
          <form className={formStyles.form} onSubmit={(e) => void confirm(e)}>
            <Field label={t('security_twostep_code_label')} name="code" {...codeField} />
            <div className={styles.row}>
              <button type="submit" className="btn btn-primary" disabled={pending}>
                {t('security_twostep_confirm')}
              </button>
              <button type="button" className="btn btn-ghost" onClick={() => setSetup(null)}>
                {t('security_reauth_cancel')}
              </button>
            </div>
          </form>
        </div>
      ) : (
        <div className={styles.stack}>
          <p>{t('security_twostep_intro')}</p>
          <p className={styles.muted}>{t('security_twostep_off')}</p>
          <div className={styles.row}>
            <button type="button" className="btn btn-primary" onClick={() => void startSetup()} disabled={pending}>
              {t('security_twostep_turn_on')}
            </button>
          </div>
        </div>
      )}
    </Panel>
  );
}

function RecoveryCodes({ codes, account, onDone }: { codes: string[]; account: string | null; onDone: () => void }) {
  const { t, i18n } = useTranslation('office');
  const [copied, setCopied] = useState(false);
  const file = () => recoveryCodesFile(codes, { site: window.location.host, account, date: new Date().toLocaleString(i18n.language) });

  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }

  function download() {
    const url = URL.createObjectURL(new Blob([file()], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `recovery-codes-${window.location.host}.txt`;
    document.body.append(link);
    link.click();
    link.remove();
    URL.revokeObjectURL(url);
  }

  return (
    <div className={styles.stack} data-testid="recovery-codes">
      <h3>{t('security_twostep_codes_title')}</h3>
      <p>{t('security_twostep_codes_intro')}</p>
      <ol className={styles.codes}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className={styles.row}>
        <button type="button" className="btn btn-ghost" onClick={() => void copy()}>
          {copied ? t('security_twostep_codes_copied') : t('security_twostep_codes_copy')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={download}>
          {t('security_twostep_codes_download')}
        </button>
        <button type="button" className="btn btn-primary" onClick={onDone}>
          {t('security_twostep_codes_done')}
        </button>
      </div>
    </div>
  );
}

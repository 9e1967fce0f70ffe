/**
 * The bonus choice after registration (SPEC §3: 0 refuse, 1 sports, 2 casino) for a player
 * who registered without choosing (social, phone). Made once; "later" hides it for this
 * browser session.
 */
import { useState } from 'react';
import type { BonusChoice } from '@betsite/contracts';
import { useTranslation } from '../../i18n/react.tsx';
import { Dialog } from '../../shell/ui/dialog.tsx';
import { FormMessage } from '../../shell/ui/field.tsx';
import { useNotifications } from '../../shell/notifications/index.ts';
import { postBonusChoice, userConfigStore } from '../user-config/index.ts';
import { safeSessionStorage } from './storage.ts';
import styles from './session.module.css';

const LATER_KEY = 'bonus_choice_later';
const CHOICES: readonly BonusChoice[] = [1, 2, 0];

export function bonusChoiceDeferred(): boolean {
  return safeSessionStorage()?.getItem(LATER_KEY) === '1';
}

export function BonusChoiceDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const notifications = useNotifications();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const later = () => {
    try {
      safeSessionStorage()?.setItem(LATER_KEY, '1');
    } catch {
      // Blocked storage: asked again on the next page, nothing worse.
    }
    onClose();
  };

  async function choose(choice: BonusChoice) {
    setPending(true);
    setError(null);
    const answer = await postBonusChoice(choice);
    setPending(false);
    if (answer.ok) {
      userConfigStore.patch({ bonus_choice: choice });
      notifications.notify({ area: 'bottom-right', kind: 'success', title: t('session_bonus_saved') });
      return;
    }
    if (answer.status === 409) {
      // Chosen in another tab meanwhile: take the server's word.
      userConfigStore.reset();
      void userConfigStore.load();
      return;
    }
    setError(answer.network ? t('main_network_error') : t('session_bonus_failed'));
  }

  return (
    <Dialog title={t('session_bonus_title')} closeLabel={t('session_bonus_later')} onClose={later}>
      <p className={styles.intro}>{t('session_bonus_text')}</p>
      <div className={styles.choices}>
        {error ? <FormMessage kind="error">{error}</FormMessage> : null}
        {CHOICES.map((choice) => (
          <button
            key={choice}
            type="button"
            className={`btn ${choice === 0 ? 'btn-ghost' : 'btn-accent'} ${styles.choice}`}
            disabled={pending}
            onClick={() => void choose(choice)}
          >
            {t(`session_bonus_${choice}`)}
          </button>
        ))}
      </div>
    </Dialog>
  );
}

/** The dialog and forms of the route-driven modals; loaded only when a modal is open. */
import { useTranslation } from '../../i18n/react.tsx';
import { ForgotPasswordForm, LoginForm, RegistrationForm } from '../../features/auth/index.ts';
import { SupportHistory, UserQuestionForm } from '../../features/support/index.ts';
import type { ModalName } from '../../features/modals/index.ts';
import { Dialog } from '../ui/dialog.tsx';

const TITLE_KEYS: Readonly<Record<ModalName, string>> = {
  login: 'modal_login_title',
  registration: 'modal_registration_title',
  'forgot-password': 'modal_forgot_title',
  'user-question': 'modal_question_title',
  'support-history': 'modal_history_title',
};

export interface ModalBodyProps {
  modal: ModalName;
  hrefOf: (modal: ModalName) => string;
  closedHref: string;
  rulesHref: string;
  loggedIn: boolean;
  registrationAvailable: boolean;
}

export default function ModalDialog(props: ModalBodyProps & { onClose: () => void }) {
  const { t } = useTranslation();
  const { modal, onClose } = props;
  return (
    <Dialog title={t(TITLE_KEYS[modal])} closeLabel={t('main_close')} onClose={onClose} size={modal === 'registration' ? 'wide' : 'normal'}>
      <ModalBody {...props} />
    </Dialog>
  );
}

function ModalBody({ modal, hrefOf, closedHref, rulesHref, loggedIn, registrationAvailable }: ModalBodyProps) {
  switch (modal) {
    case 'login':
      return <LoginForm forgotHref={hrefOf('forgot-password')} registrationHref={registrationAvailable ? hrefOf('registration') : null} afterLoginHref={closedHref} />;
    case 'registration':
      return <RegistrationForm rulesHref={rulesHref} loginHref={hrefOf('login')} afterRegistrationHref={closedHref} />;
    case 'forgot-password':
      return <ForgotPasswordForm loginHref={hrefOf('login')} />;
    case 'user-question':
      return <UserQuestionForm loggedIn={loggedIn} />;
    case 'support-history':
      return <SupportHistory loggedIn={loggedIn} loginHref={hrefOf('login')} askHref={hrefOf('user-question')} />;
  }
}

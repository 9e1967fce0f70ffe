/**
 * The e-mails of e-mail activation, in the player's language (English and Russian; English
 * otherwise). Plain text: the link is the only thing to act on.
 */
import type { OutgoingMessage } from '../../notifications/index.ts';

type Language = 'en' | 'ru';
const pick = (language: string): Language => (language === 'ru' ? 'ru' : 'en');

export function activationMail(input: { to: string; link: string; language: string; hours: number; returning: boolean }): OutgoingMessage {
  const { to, link, hours } = input;
  if (pick(input.language) === 'ru') {
    return {
      channel: 'email',
      to,
      subject: 'Подтвердите e-mail',
      text: [
        input.returning ? 'Кто-то (возможно, вы) снова начал регистрацию с этим адресом. Аккаунт уже создан, пароль — тот, что был выбран в первый раз.' : 'Спасибо за регистрацию!',
        '',
        `Чтобы подтвердить адрес и войти, откройте ссылку (она действует ${hours} ч и работает один раз):`,
        link,
        '',
        'Если вы не регистрировались, просто проигнорируйте это письмо.',
      ].join('\n'),
    };
  }
  return {
    channel: 'email',
    to,
    subject: 'Confirm your e-mail',
    text: [
      input.returning
        ? 'Someone (probably you) started a registration with this address again. The account already exists; its password is the one chosen the first time.'
        : 'Thank you for registering!',
      '',
      `To confirm your address and log in, open this link (it works once, within ${hours} hours):`,
      link,
      '',
      'If you did not register, ignore this message.',
    ].join('\n'),
  };
}

export function takenAddressNotice(input: { to: string; language: string; loginLink: string; resetLink: string }): OutgoingMessage {
  const { to, loginLink, resetLink } = input;
  if (pick(input.language) === 'ru') {
    return {
      channel: 'email',
      to,
      subject: 'Попытка регистрации с вашим e-mail',
      text: [
        'Кто-то попытался зарегистрироваться с этим адресом, но у вас уже есть аккаунт. Новый аккаунт не создан.',
        '',
        `Войти: ${loginLink}`,
        `Забыли пароль? ${resetLink}`,
        '',
        'Если это были не вы, ничего делать не нужно: ваш аккаунт не изменился.',
      ].join('\n'),
    };
  }
  return {
    channel: 'email',
    to,
    subject: 'Someone tried to register with your e-mail',
    text: [
      'Someone tried to register with this address, but you already have an account. No new account was created.',
      '',
      `Log in: ${loginLink}`,
      `Forgot your password? ${resetLink}`,
      '',
      'If it was not you, there is nothing to do: your account has not changed.',
    ].join('\n'),
  };
}

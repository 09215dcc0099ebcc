import type { MailLanguage } from './mail-language.js';

/** The mails of issue 22. `{app}` is the app title, `{name}` the person's name. */
export type MailKind = 'verify_email' | 'password_reset' | 'password_changed' | 'existing_account';

export interface MailStrings {
  subject: string;
  intro: string[];
  button: string;
  outro: string[];
}

interface LanguageStrings {
  greeting: string;
  greetingNoName: string;
  /** Under the button, for mail apps that show no buttons. */
  linkFallback: string;
  footer: string;
  mails: Record<MailKind, MailStrings>;
}

export const MAIL_STRINGS: Record<MailLanguage, LanguageStrings> = {
  en: {
    greeting: 'Hi {name},',
    greetingNoName: 'Hi,',
    linkFallback: 'If the button does not work, copy this link into your browser:',
    footer: 'This email was sent by {app}.',
    mails: {
      verify_email: {
        subject: 'Verify your email address for {app}',
        intro: ['Confirm that this is your email address to finish setting up your {app} account.'],
        button: 'Verify email address',
        outro: ['This link expires in 24 hours.', 'If you did not create an account, you can ignore this email.'],
      },
      password_reset: {
        subject: 'Reset your {app} password',
        intro: [
          'Someone asked to reset the password of your {app} account. Choose a new password with the button below.',
        ],
        button: 'Reset password',
        outro: [
          'This link expires in 15 minutes and works once.',
          'If you did not ask for this, ignore this email: your password stays as it is.',
        ],
      },
      password_changed: {
        subject: 'Your {app} password was changed',
        intro: [
          'The password of your {app} account was just changed, and every device signed in to it was signed out.',
        ],
        button: 'Sign in',
        outro: ['If you did not do this, reset your password right away and tell your administrator.'],
      },
      existing_account: {
        subject: 'Someone tried to create a {app} account with your email',
        intro: [
          'Someone tried to create a new {app} account with this email address, but it already belongs to your account.',
          'If it was you, sign in instead. If you forgot your password, you can reset it from the sign-in page.',
        ],
        button: 'Sign in',
        outro: ['If it was not you, you can ignore this email: nothing was changed.'],
      },
    },
  },
  de: {
    greeting: 'Hallo {name},',
    greetingNoName: 'Hallo,',
    linkFallback: 'Falls die Schaltfläche nicht funktioniert, kopiere diesen Link in deinen Browser:',
    footer: 'Diese E-Mail wurde von {app} gesendet.',
    mails: {
      verify_email: {
        subject: 'Bestätige deine E-Mail-Adresse für {app}',
        intro: ['Bestätige, dass dies deine E-Mail-Adresse ist, um die Einrichtung deines {app}-Kontos abzuschließen.'],
        button: 'E-Mail-Adresse bestätigen',
        outro: [
          'Dieser Link ist 24 Stunden gültig.',
          'Wenn du kein Konto erstellt hast, kannst du diese E-Mail ignorieren.',
        ],
      },
      password_reset: {
        subject: 'Setze dein {app}-Passwort zurück',
        intro: [
          'Jemand hat angefordert, das Passwort deines {app}-Kontos zurückzusetzen. Wähle über die Schaltfläche unten ein neues Passwort.',
        ],
        button: 'Passwort zurücksetzen',
        outro: [
          'Dieser Link ist 15 Minuten gültig und funktioniert nur einmal.',
          'Wenn du das nicht angefordert hast, ignoriere diese E-Mail: Dein Passwort bleibt unverändert.',
        ],
      },
      password_changed: {
        subject: 'Dein {app}-Passwort wurde geändert',
        intro: [
          'Das Passwort deines {app}-Kontos wurde soeben geändert, und alle angemeldeten Geräte wurden abgemeldet.',
        ],
        button: 'Anmelden',
        outro: ['Wenn du das nicht warst, setze dein Passwort sofort zurück und informiere deine Administration.'],
      },
      existing_account: {
        subject: 'Jemand wollte mit deiner E-Mail-Adresse ein {app}-Konto erstellen',
        intro: [
          'Jemand hat versucht, mit dieser E-Mail-Adresse ein neues {app}-Konto zu erstellen, aber sie gehört bereits zu deinem Konto.',
          'Warst du das, melde dich stattdessen an. Hast du dein Passwort vergessen, kannst du es auf der Anmeldeseite zurücksetzen.',
        ],
        button: 'Anmelden',
        outro: ['Warst du das nicht, kannst du diese E-Mail ignorieren: Es wurde nichts geändert.'],
      },
    },
  },
  fr: {
    greeting: 'Bonjour {name},',
    greetingNoName: 'Bonjour,',
    linkFallback: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :',
    footer: 'Cet e-mail a été envoyé par {app}.',
    mails: {
      verify_email: {
        subject: 'Vérifiez votre adresse e-mail pour {app}',
        intro: [
          'Confirmez que cette adresse e-mail est bien la vôtre pour terminer la création de votre compte {app}.',
        ],
        button: "Vérifier l'adresse e-mail",
        outro: ['Ce lien expire dans 24 heures.', "Si vous n'avez pas créé de compte, vous pouvez ignorer cet e-mail."],
      },
      password_reset: {
        subject: 'Réinitialisez votre mot de passe {app}',
        intro: [
          'Quelqu’un a demandé à réinitialiser le mot de passe de votre compte {app}. Choisissez un nouveau mot de passe avec le bouton ci-dessous.',
        ],
        button: 'Réinitialiser le mot de passe',
        outro: [
          'Ce lien expire dans 15 minutes et ne fonctionne qu’une fois.',
          'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.',
        ],
      },
      password_changed: {
        subject: 'Votre mot de passe {app} a été modifié',
        intro: [
          'Le mot de passe de votre compte {app} vient d’être modifié, et tous les appareils connectés ont été déconnectés.',
        ],
        button: 'Se connecter',
        outro: [
          'Si ce n’était pas vous, réinitialisez votre mot de passe immédiatement et prévenez votre administrateur.',
        ],
      },
      existing_account: {
        subject: 'Quelqu’un a essayé de créer un compte {app} avec votre adresse e-mail',
        intro: [
          'Quelqu’un a essayé de créer un nouveau compte {app} avec cette adresse e-mail, mais elle appartient déjà à votre compte.',
          'Si c’était vous, connectez-vous plutôt. Si vous avez oublié votre mot de passe, vous pouvez le réinitialiser depuis la page de connexion.',
        ],
        button: 'Se connecter',
        outro: ['Si ce n’était pas vous, vous pouvez ignorer cet e-mail : rien n’a été modifié.'],
      },
    },
  },
  es: {
    greeting: 'Hola, {name}:',
    greetingNoName: 'Hola:',
    linkFallback: 'Si el botón no funciona, copia este enlace en tu navegador:',
    footer: 'Este correo lo ha enviado {app}.',
    mails: {
      verify_email: {
        subject: 'Verifica tu dirección de correo para {app}',
        intro: ['Confirma que esta es tu dirección de correo para terminar de configurar tu cuenta de {app}.'],
        button: 'Verificar dirección de correo',
        outro: ['Este enlace caduca en 24 horas.', 'Si no has creado ninguna cuenta, puedes ignorar este correo.'],
      },
      password_reset: {
        subject: 'Restablece tu contraseña de {app}',
        intro: [
          'Alguien ha pedido restablecer la contraseña de tu cuenta de {app}. Elige una contraseña nueva con el botón de abajo.',
        ],
        button: 'Restablecer contraseña',
        outro: [
          'Este enlace caduca en 15 minutos y solo funciona una vez.',
          'Si no lo has pedido tú, ignora este correo: tu contraseña no cambia.',
        ],
      },
      password_changed: {
        subject: 'Tu contraseña de {app} ha cambiado',
        intro: [
          'La contraseña de tu cuenta de {app} se acaba de cambiar y se ha cerrado la sesión en todos los dispositivos.',
        ],
        button: 'Iniciar sesión',
        outro: ['Si no has sido tú, restablece tu contraseña de inmediato y avisa a tu administrador.'],
      },
      existing_account: {
        subject: 'Alguien ha intentado crear una cuenta de {app} con tu correo',
        intro: [
          'Alguien ha intentado crear una cuenta nueva de {app} con esta dirección de correo, pero ya pertenece a tu cuenta.',
          'Si has sido tú, inicia sesión. Si has olvidado tu contraseña, puedes restablecerla desde la página de inicio de sesión.',
        ],
        button: 'Iniciar sesión',
        outro: ['Si no has sido tú, puedes ignorar este correo: no se ha cambiado nada.'],
      },
    },
  },
};

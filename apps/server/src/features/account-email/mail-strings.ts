import type { MailLanguage } from './mail-language.js';

/** The mails of issue 22. `{app}` is the app title, `{name}` the person's name. */
/** `invite`: an administrator's sign-up link (issue 40). */
export type MailKind = 'verify_email' | 'password_reset' | 'password_changed' | 'existing_account' | 'invite' | 'email_change' | 'email_changed';

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
      email_change: {
        subject: 'Confirm your new email address for {app}',
        intro: ['You asked to use this address for your {app} account. Confirm it to make the change; until then your account keeps its current address.'],
        button: 'Confirm new email address',
        outro: ['This link expires in 24 hours and works once.', 'If you did not ask for this, you can ignore this email: nothing changes.'],
      },
      email_changed: {
        subject: 'The email address of your {app} account was changed',
        intro: ['The email address of your {app} account was just changed. This address no longer signs in to it.'],
        button: 'Sign in',
        outro: ['If you did not do this, tell your administrator right away.'],
      },
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
      invite: {
        subject: 'You are invited to {app}',
        intro: ['An administrator of {app} created an account for this email address. Choose your name and a password to start.'],
        button: 'Accept the invitation',
        outro: ['This link expires in 7 days and works once.', 'If you did not expect this, you can ignore this email.'],
      },
    },
  },
  de: {
    greeting: 'Hallo {name},',
    greetingNoName: 'Hallo,',
    linkFallback: 'Falls die Schaltfläche nicht funktioniert, kopiere diesen Link in deinen Browser:',
    footer: 'Diese E-Mail wurde von {app} gesendet.',
    mails: {
      email_change: {
        subject: 'Bestätige deine neue E-Mail-Adresse für {app}',
        intro: ['Du möchtest diese Adresse für dein {app}-Konto verwenden. Bestätige sie, um die Änderung abzuschließen; bis dahin behält dein Konto seine bisherige Adresse.'],
        button: 'Neue E-Mail-Adresse bestätigen',
        outro: ['Dieser Link ist 24 Stunden gültig und funktioniert nur einmal.', 'Wenn du das nicht angefordert hast, ignoriere diese E-Mail: Es ändert sich nichts.'],
      },
      email_changed: {
        subject: 'Die E-Mail-Adresse deines {app}-Kontos wurde geändert',
        intro: ['Die E-Mail-Adresse deines {app}-Kontos wurde soeben geändert. Mit dieser Adresse kannst du dich nicht mehr anmelden.'],
        button: 'Anmelden',
        outro: ['Wenn du das nicht warst, informiere sofort deine Administration.'],
      },
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
      invite: {
        subject: 'Du bist zu {app} eingeladen',
        intro: ['Ein Administrator von {app} hat ein Konto für diese E-Mail-Adresse angelegt. Wähle deinen Namen und ein Passwort, um loszulegen.'],
        button: 'Einladung annehmen',
        outro: ['Dieser Link ist 7 Tage gültig und funktioniert einmal.', 'Falls du das nicht erwartet hast, kannst du diese E-Mail ignorieren.'],
      },
    },
  },
  fr: {
    greeting: 'Bonjour {name},',
    greetingNoName: 'Bonjour,',
    linkFallback: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :',
    footer: 'Cet e-mail a été envoyé par {app}.',
    mails: {
      email_change: {
        subject: 'Confirmez votre nouvelle adresse e-mail pour {app}',
        intro: ['Vous avez demandé à utiliser cette adresse pour votre compte {app}. Confirmez-la pour appliquer le changement ; d’ici là, votre compte garde son adresse actuelle.'],
        button: 'Confirmer la nouvelle adresse',
        outro: ['Ce lien expire dans 24 heures et ne fonctionne qu’une fois.', 'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : rien ne change.'],
      },
      email_changed: {
        subject: 'L’adresse e-mail de votre compte {app} a été modifiée',
        intro: ['L’adresse e-mail de votre compte {app} vient d’être modifiée. Cette adresse ne permet plus de vous connecter.'],
        button: 'Se connecter',
        outro: ['Si ce n’était pas vous, prévenez immédiatement votre administrateur.'],
      },
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
      invite: {
        subject: 'Vous êtes invité sur {app}',
        intro: ["Un administrateur de {app} a créé un compte pour cette adresse e-mail. Choisissez votre nom et un mot de passe pour commencer."],
        button: "Accepter l'invitation",
        outro: ['Ce lien expire dans 7 jours et ne fonctionne qu’une fois.', 'Si vous ne vous y attendiez pas, ignorez cet e-mail.'],
      },
    },
  },
  es: {
    greeting: 'Hola, {name}:',
    greetingNoName: 'Hola:',
    linkFallback: 'Si el botón no funciona, copia este enlace en tu navegador:',
    footer: 'Este correo lo ha enviado {app}.',
    mails: {
      email_change: {
        subject: 'Confirma tu nueva dirección de correo para {app}',
        intro: ['Pediste usar esta dirección en tu cuenta de {app}. Confírmala para aplicar el cambio; hasta entonces tu cuenta conserva su dirección actual.'],
        button: 'Confirmar la nueva dirección',
        outro: ['Este enlace caduca en 24 horas y funciona una sola vez.', 'Si no lo pediste, ignora este correo: no cambia nada.'],
      },
      email_changed: {
        subject: 'Se cambió la dirección de correo de tu cuenta de {app}',
        intro: ['La dirección de correo de tu cuenta de {app} acaba de cambiar. Esta dirección ya no sirve para iniciar sesión.'],
        button: 'Iniciar sesión',
        outro: ['Si no fuiste tú, avisa de inmediato a tu administrador.'],
      },
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
      invite: {
        subject: 'Te han invitado a {app}',
        intro: ['Un administrador de {app} ha creado una cuenta para esta dirección de correo. Elige tu nombre y una contraseña para empezar.'],
        button: 'Aceptar la invitación',
        outro: ['Este enlace caduca en 7 días y funciona una vez.', 'Si no lo esperabas, puedes ignorar este correo.'],
      },
    },
  },
};

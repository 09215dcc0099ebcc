import { TIMING } from '@confab/shared';
import { CircleCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useCountdown } from './use-countdown';

/** "Account created" with the 3-second countdown of SPEC 2; `onDone` signs in and navigates. */
export function RegistrationSuccess({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('auth');
  const seconds = useCountdown(TIMING.redirectCountdownMs / 1000, true, onDone);
  return (
    <div className="flex flex-col items-center py-6 text-center" role="status" data-testid="registration-success">
      <span className="flex size-14 items-center justify-center rounded-full bg-accent-soft">
        <CircleCheck className="size-7 text-accent" aria-hidden />
      </span>
      <h1 className="mt-5 text-2xl font-semibold tracking-tight text-fg">{t('registration_success')}</h1>
      <p className="mt-2 text-[15px] text-fg-secondary">{t('registration_redirect', { count: seconds })}</p>
    </div>
  );
}

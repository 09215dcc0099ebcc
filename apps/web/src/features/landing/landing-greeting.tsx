import { fillWelcomeText, getGreetingPeriod, VIDEO_AUDIENCE } from '@confab/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { useAuthStore } from '../auth/auth-store';
import { useStartupConfig } from '../config/use-startup-config';
import { Logo } from '../../components/ui/logo';

/** SPEC 9: the greeting shrinks as it grows (under 40, under 70 characters, longer). */
function sizeClass(length: number): string {
  if (length < 40) return 'text-2xl sm:text-[32px]';
  if (length < 70) return 'text-xl sm:text-2xl';
  return 'text-lg sm:text-xl';
}

/**
 * The landing greeting of an empty conversation: the configured welcome text with `{{user}}`
 * filled in, else a time-of-day greeting with the user's name.
 */
export function LandingGreeting({ className, showLogo = true }: { className?: string; showLogo?: boolean }) {
  const { t } = useTranslation('common');
  const user = useAuthStore((s) => s.user);
  const { data: config } = useStartupConfig();
  const customWelcome = config?.interface.customWelcome ?? config?.customWelcome;
  const name = user?.name?.trim() || user?.username?.trim() || '';

  const greeting = useMemo(() => {
    if (customWelcome) return fillWelcomeText(customWelcome, name || undefined, t('greeting_default_name'));
    const period = t(`greeting_${getGreetingPeriod(new Date())}`);
    return name ? t('greeting_with_name', { greeting: period, name }) : period;
  }, [customWelcome, name, t]);

  return (
    <div className={cn('flex flex-col items-center px-4 text-center', className)} data-testid="landing-greeting">
      {showLogo ? <Logo className="mb-5 size-12 shadow-sm" /> : null}
      <h1 className={cn('font-semibold tracking-tight text-fg', sizeClass(greeting.length))}>{greeting}</h1>
      {customWelcome ? null : (
        <p className="mt-2 text-base text-fg-secondary" data-testid="landing-description">
          {/* SPEC 2: the video-platform audience is told what the product makes for it. */}
          {t(config?.audience === VIDEO_AUDIENCE ? 'greeting_description_video' : 'greeting_description')}
        </p>
      )}
    </div>
  );
}

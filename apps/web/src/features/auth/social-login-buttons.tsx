import type { StartupConfig } from '@confab/shared';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '../../components/ui/button-variants';
import { SocialIcon } from './social-icon';
import { getSocialLogins } from './social-providers';

export function SocialLoginButtons({ config }: { config: StartupConfig }) {
  const { t } = useTranslation('auth');
  const logins = getSocialLogins(config);
  if (logins.length === 0) return null;
  return (
    <div className="flex flex-col gap-2.5" data-testid="social-logins">
      {logins.map((login) => (
        <a key={login.provider} href={login.href} className={buttonClasses('outline', 'lg', 'w-full justify-start gap-3 rounded-xl px-4 text-[15px] font-normal')}>
          <SocialIcon provider={login.provider} imageUrl={login.provider === 'openid' ? config.openidImageUrl : undefined} />
          {login.provider === 'openid' ? login.label : t('continue_with', { provider: login.label })}
        </a>
      ))}
    </div>
  );
}

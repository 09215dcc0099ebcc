import type { PolicyLink, StartupConfig } from '@confab/shared';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { trackLater } from '../../lib/track-later';
import { cn } from '../../lib/cn';

interface ResolvedLink {
  /** SPEC 7: privacy_clicked or terms_clicked when followed. */
  event: 'privacy_clicked' | 'terms_clicked';
  label: string;
  href: string;
  isExternal: boolean;
  openNewTab: boolean;
}

function resolveLink(
  policy: PolicyLink | undefined,
  internalPath: string,
  label: string,
  event: ResolvedLink['event'],
): ResolvedLink | null {
  if (!policy) return null;
  if (policy.externalUrl)
    return { event, label, href: policy.externalUrl, isExternal: true, openNewTab: policy.openNewTab ?? false };
  if (policy.modalContent && policy.modalContent.length > 0)
    return { event, label, href: internalPath, isExternal: false, openNewTab: false };
  return null;
}

const linkClass = 'focus-ring rounded-sm text-fg-secondary underline-offset-4 hover:text-fg hover:underline';

/** Privacy policy and terms links, each shown only when the config has one (SPEC 2). */
export function PolicyLinks({ config, className }: { config: StartupConfig | undefined; className?: string }) {
  const { t } = useTranslation('common');
  const links = [
    resolveLink(config?.interface.privacyPolicy, '/privacy', t('privacy_policy'), 'privacy_clicked'),
    resolveLink(config?.interface.termsOfService, '/tos', t('terms_of_service'), 'terms_clicked'),
  ].filter((l): l is ResolvedLink => l !== null);
  if (links.length === 0) return null;
  return (
    <nav
      className={cn('flex items-center justify-center gap-3 text-[13px]', className)}
      aria-label={t('privacy_policy')}
    >
      {links.map((link, index) => (
        <span key={link.href} className="flex items-center gap-3">
          {index > 0 ? <span className="h-3 w-px bg-line-strong" aria-hidden /> : null}
          {link.isExternal ? (
            <a
              href={link.href}
              className={linkClass}
              onClick={() => trackLater(link.event)}
              {...(link.openNewTab ? { target: '_blank', rel: 'noreferrer noopener' } : {})}
            >
              {link.label}
            </a>
          ) : (
            <Link to={link.href} className={linkClass} onClick={() => trackLater(link.event)}>
              {link.label}
            </Link>
          )}
        </span>
      ))}
    </nav>
  );
}

import { FileQuestion } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '../../components/ui/logo';
import { Spinner } from '../../components/ui/spinner';
import { useAppTitle, useDocumentTitle } from '../config/use-document-title';
import { useStartupConfig } from '../config/use-startup-config';
import { getPolicyText } from './policy-content';
import PolicyMarkdown from './policy-markdown';

/** /tos and /privacy: the configured text rendered as markdown (no raw HTML), or a no-content note. */
export function PolicyPage({ kind }: { kind: 'terms' | 'privacy' }) {
  const { t } = useTranslation('common');
  const appTitle = useAppTitle();
  const { data: config, isLoading } = useStartupConfig();
  const label = kind === 'terms' ? t('terms_of_service') : t('privacy_policy');
  useDocumentTitle(label);
  const policy = kind === 'terms' ? config?.interface.termsOfService : config?.interface.privacyPolicy;
  const text = getPolicyText(policy?.modalContent);

  return (
    <div className="min-h-dvh bg-surface text-fg">
      <header className="mx-auto flex max-w-3xl items-center gap-2.5 px-5 pt-6">
        <Link to="/" className="focus-ring flex items-center gap-2.5 rounded-lg">
          <Logo className="size-7" />
          <span className="text-[17px] font-semibold tracking-tight">{appTitle}</span>
        </Link>
      </header>
      <main className="mx-auto max-w-3xl px-5 pt-10 pb-16">
        <h1 className="text-3xl font-semibold tracking-tight">{policy?.modalTitle || label}</h1>
        {isLoading ? (
          <div className="flex justify-center py-16 text-fg-tertiary">
            <Spinner />
          </div>
        ) : text ? (
          <article
            className="mt-8 space-y-4 text-[15px] leading-7 text-fg-secondary [&_a]:text-accent [&_a]:underline [&_h1]:text-2xl [&_h1]:font-semibold [&_h1]:text-fg [&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-fg [&_h3]:font-semibold [&_h3]:text-fg [&_li]:ml-5 [&_ol]:list-decimal [&_strong]:text-fg [&_ul]:list-disc"
            data-testid="policy-content"
          >
            <PolicyMarkdown text={text} />
          </article>
        ) : (
          <div
            className="mt-10 flex flex-col items-center gap-3 rounded-2xl border border-dashed border-line py-14 text-center text-fg-secondary"
            data-testid="policy-empty"
          >
            <FileQuestion className="size-6 text-fg-tertiary" aria-hidden />
            {t('no_content')}
          </div>
        )}
      </main>
    </div>
  );
}

export function TermsPage() {
  return <PolicyPage kind="terms" />;
}

export function PrivacyPage() {
  return <PolicyPage kind="privacy" />;
}

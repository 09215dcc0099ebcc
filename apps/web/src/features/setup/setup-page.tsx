import type { AdminEndpointView } from '@confab/shared';
import { CircleCheck, PlugZap } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { showToast } from '../../components/ui/toast-store';
import { useAuthStore } from '../auth/auth-store';
import { useDocumentTitle } from '../config/use-document-title';
import { AdminOnly } from './admin-only';
import { EndpointForm } from './endpoint-form';
import { endpointDisplayName } from './endpoint-name';
import { LocalModelsSection } from './local-models-section';
import { LocalServersSection } from './local-servers-section';
import { SetupSection } from './setup-section';
import { skipSetup } from './setup-skip';
import { useLocalServers, useSetupStatus } from './setup-queries';

function EndpointReady({ view, onAddAnother }: { view: AdminEndpointView; onAddAnother(): void }) {
  const { t } = useTranslation('setup');
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  // Focus follows the form that just went away, so keyboard and screen reader users land here.
  useEffect(() => heading.current?.focus(), [view]);
  return (
    <section
      className="flex flex-col items-center rounded-2xl border border-accent/30 bg-accent-soft px-5 py-8 text-center"
      data-testid="setup-ready"
    >
      <CircleCheck className="size-10 text-accent" aria-hidden />
      <h2 ref={heading} tabIndex={-1} className="mt-3 text-lg font-semibold text-fg outline-none">
        {t('ready_title', { name: endpointDisplayName(view, t) })}
      </h2>
      <p className="mt-1 max-w-md text-sm text-fg-secondary">{t('ready_body')}</p>
      <div className="mt-6 flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
        <Button size="lg" onClick={() => void navigate('/c/new')} data-testid="setup-start-chatting">
          {t('start_chatting')}
        </Button>
        <Button size="lg" variant="outline" onClick={onAddAnother} data-testid="setup-add-another">
          {t('add_another')}
        </Button>
      </div>
    </section>
  );
}

function SetupScreen() {
  const { t } = useTranslation('setup');
  const navigate = useNavigate();
  const userId = useAuthStore((s) => s.user?.id);
  const status = useSetupStatus();
  const [added, setAdded] = useState<AdminEndpointView | null>(null);
  const [formKey, setFormKey] = useState(0);
  // Servers found on this machine are the quickest start, so they come first; "none found" comes last.
  const hasFoundServers = (useLocalServers().data?.servers.length ?? 0) > 0;
  useDocumentTitle(t('setup_title'));

  const onAdded = (view: AdminEndpointView) => {
    showToast({ message: t('endpoint_added', { name: endpointDisplayName(view, t) }) });
    setAdded(view);
  };

  return (
    <div
      className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-4 pt-8 pb-16 sm:px-6 sm:pt-12"
      data-testid="setup-page"
    >
      <header className="flex flex-col items-center text-center">
        <span className="flex size-12 items-center justify-center rounded-2xl bg-accent-soft text-accent">
          <PlugZap className="size-6" aria-hidden />
        </span>
        <h1 className="mt-4 text-2xl font-semibold tracking-tight text-fg">{t('setup_title')}</h1>
        <p className="mt-2 max-w-xl text-[15px] leading-relaxed text-fg-secondary">{t('setup_intro')}</p>
      </header>

      {added ? (
        <EndpointReady
          view={added}
          onAddAnother={() => {
            setAdded(null);
            setFormKey((key) => key + 1);
          }}
        />
      ) : (
        <>
          {hasFoundServers ? <LocalServersSection onAdded={setAdded} /> : null}
          <SetupSection title={t('add_provider_title')} description={t('add_provider_description')}>
            <EndpointForm key={formKey} onSaved={onAdded} />
          </SetupSection>
        </>
      )}

      <LocalModelsSection />
      {hasFoundServers || added ? null : <LocalServersSection onAdded={setAdded} />}

      {status.data?.needsSetup && !added ? (
        <div className="flex justify-center">
          <Button
            variant="ghost"
            onClick={() => {
              if (userId) skipSetup(userId);
              void navigate('/c/new');
            }}
            data-testid="setup-skip"
          >
            {t('skip')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** /setup: the first administrator's "Connect a model provider" screen (issue 25). */
export function SetupPage() {
  return (
    <AdminOnly>
      <SetupScreen />
    </AdminOnly>
  );
}

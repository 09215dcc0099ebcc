import type { AdminEndpointView, EndpointSource } from '@confab/shared';
import { KeyRound, Pencil, Trash2, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { EndpointIcon } from '../model-selector/endpoint-icon';
import { endpointDisplayName } from './endpoint-name';

const SOURCE_BADGE: Record<EndpointSource, string> = {
  setup: 'bg-accent-soft text-accent',
  config: 'bg-surface-tertiary text-fg-secondary',
  env: 'bg-surface-tertiary text-fg-secondary',
  local: 'bg-surface-tertiary text-fg-secondary',
};

/**
 * One endpoint of the Admin area: provider, where it comes from, its key as "•••• last4" only,
 * how many models it offers; edit and remove for those added here.
 */
export function EndpointCard({
  endpoint,
  onEdit,
  onRemove,
}: {
  endpoint: AdminEndpointView;
  onEdit(): void;
  onRemove(): void;
}) {
  const { t } = useTranslation('setup');
  const name = endpointDisplayName(endpoint, t);
  const isEditable = endpoint.source === 'setup' && endpoint.id !== undefined;
  const family = endpoint.family === 'local' ? 'custom' : endpoint.family;
  const models =
    endpoint.models.length > 0
      ? t('models_count', { count: endpoint.models.length })
      : family === 'custom'
        ? t('models_from_server')
        : t('models_defaults');
  const key = endpoint.keyLast4 ? `•••• ${endpoint.keyLast4}` : endpoint.hasKey ? t('key_saved') : t('no_key');

  return (
    <li
      className={cn(
        'rounded-2xl border bg-surface p-4',
        endpoint.isActive ? 'border-line' : 'border-dashed border-line-strong',
      )}
      data-testid="admin-endpoint"
      data-name={endpoint.name}
      data-source={endpoint.source}
      data-active={endpoint.isActive}
    >
      <div className="flex items-start gap-3">
        <EndpointIcon family={family} size="lg" className={cn(!endpoint.isActive && 'opacity-50')} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h3 className="truncate text-[15px] font-semibold text-fg">{name}</h3>
            <span
              className={cn('rounded-md px-1.5 py-0.5 text-[11px] font-medium', SOURCE_BADGE[endpoint.source])}
              data-testid="admin-endpoint-source"
            >
              {t(`source.${endpoint.source}`)}
            </span>
          </div>
          <p className="mt-0.5 text-[13px] text-fg-secondary">
            {endpoint.family === 'local' ? t('provider_local') : t(`provider.${endpoint.family}`)}
            {endpoint.baseURL ? (
              <>
                {' · '}
                <span className="font-mono text-xs break-all text-fg-tertiary">{shownAddress(endpoint.baseURL)}</span>
              </>
            ) : null}
          </p>
          <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-[13px] text-fg-secondary">
            {/* A Local model runs in the server: it has no key to show. */}
            {endpoint.family === 'local' ? null : (
              <div className="flex items-center gap-1.5">
                <dt className="sr-only">{t('key_label')}</dt>
                <KeyRound className="size-3.5 text-fg-tertiary" aria-hidden />
                <dd className="font-mono" data-testid="admin-endpoint-key">
                  {key}
                </dd>
              </div>
            )}
            <div>
              <dt className="sr-only">{t('models_legend')}</dt>
              <dd data-testid="admin-endpoint-models">{models}</dd>
            </div>
          </dl>
        </div>
        {isEditable ? (
          <div className="flex shrink-0 gap-1">
            <Button
              variant="ghost"
              size="icon-sm"
              onClick={onEdit}
              aria-label={t('edit_named', { name })}
              data-testid="admin-endpoint-edit"
            >
              <Pencil aria-hidden />
            </Button>
            <Button
              variant="ghost"
              size="icon-sm"
              onClick={onRemove}
              aria-label={t('remove_named', { name })}
              data-testid="admin-endpoint-remove"
            >
              <Trash2 aria-hidden />
            </Button>
          </div>
        ) : null}
      </div>
      {endpoint.overriddenBy ? (
        <p
          className="mt-3 flex items-start gap-2 rounded-xl bg-surface-tertiary px-3 py-2 text-[13px] text-fg-secondary"
          data-testid="admin-endpoint-overridden"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden />
          {t('overridden', { file: endpoint.overriddenBy })}
        </p>
      ) : null}
      {!isEditable && endpoint.source !== 'setup' ? (
        <p className="mt-3 text-[13px] text-fg-tertiary">{t(`source_note.${endpoint.source}`)}</p>
      ) : null}
    </li>
  );
}

/** The Local models' folder reads as a path, not as a file: URL. */
function shownAddress(baseURL: string): string {
  if (!baseURL.startsWith('file://')) return baseURL;
  try {
    return decodeURIComponent(new URL(baseURL).pathname);
  } catch {
    return baseURL;
  }
}

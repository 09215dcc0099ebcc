import { BookmarkPlus, Check, Pencil, Star, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { IconButton } from '../../components/ui/icon-button';
import { Spinner } from '../../components/ui/spinner';
import { showToast } from '../../components/ui/toast-store';
import { cn } from '../../lib/cn';
import type { EndpointsConfig, ModelsConfig } from '../chat/api/chat-api';
import type { ConversationSetup } from '../chat/header/model-selection';
import { EndpointIcon } from '../model-selector/endpoint-icon';
import { getEndpointFamily, getEndpointLabel } from '../model-selector/endpoint-meta';
import { buildPresetUpdate, presetToSetup, PRESET_TITLE_MAX } from './preset-rules';
import type { Preset } from './presets-api';
import { SettingsSummary } from './settings-summary';
import { useDeletePreset, usePresetsQuery, useSavePreset } from './use-presets';

/**
 * The user's presets (SPEC 3, Preset): apply one, rename it, make it the default that new
 * chats start from, or delete it.
 */
export function PresetsDialog({
  isOpen,
  onOpenChange,
  endpoints,
  models,
  onApply,
  onSaveCurrent,
}: {
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
  endpoints: EndpointsConfig | undefined;
  models: ModelsConfig | undefined;
  onApply(setup: ConversationSetup): void;
  onSaveCurrent(): void;
}) {
  const { t } = useTranslation('presets');
  const presets = usePresetsQuery(isOpen);
  const list = presets.data ?? [];
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent
        title={t('manage_title')}
        description={t('manage_description')}
        className="max-w-xl"
        data-testid="presets-dialog"
      >
        <div className="flex items-center justify-between gap-3 px-6 pb-3">
          <span className="text-[13px] text-fg-tertiary">
            {presets.isSuccess ? t('count', { count: list.length }) : null}
          </span>
          <Button variant="outline" size="sm" onClick={onSaveCurrent} data-testid="presets-save-current">
            <BookmarkPlus className="size-4" aria-hidden />
            {t('save_current')}
          </Button>
        </div>
        <div className="scrollbar-thin min-h-0 flex-1 overflow-y-auto border-t border-line px-3 py-2">
          {presets.isPending ? (
            <div className="flex justify-center py-10">
              <Spinner className="size-5 text-fg-tertiary" label={t('loading')} />
            </div>
          ) : list.length === 0 ? (
            <div className="px-6 py-10 text-center" data-testid="presets-empty">
              <p className="text-sm font-medium text-fg">{t('empty_title')}</p>
              <p className="mt-1 text-[13px] text-fg-tertiary">{t('empty_description')}</p>
            </div>
          ) : (
            <ul className="flex flex-col gap-1">
              {list.map((preset) => (
                <PresetRow
                  key={preset.presetId}
                  preset={preset}
                  endpoints={endpoints}
                  setup={presetToSetup(preset, models)}
                  onApply={(setup) => {
                    onApply(setup);
                    onOpenChange(false);
                  }}
                />
              ))}
            </ul>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}

function PresetRow({
  preset,
  endpoints,
  setup,
  onApply,
}: {
  preset: Preset;
  endpoints: EndpointsConfig | undefined;
  setup: ConversationSetup | null;
  onApply(setup: ConversationSetup): void;
}) {
  const { t } = useTranslation('presets');
  const save = useSavePreset();
  const remove = useDeletePreset();
  const [draft, setDraft] = useState<string | null>(null);
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const endpoint = preset.endpoint ?? '';
  const family = getEndpointFamily(endpoint, endpoints?.[endpoint]);

  const rename = () => {
    const title = draft?.trim();
    setDraft(null);
    if (!title || title === preset.title) return;
    save.mutate(buildPresetUpdate(preset, { title }), {
      onSuccess: () => showToast({ message: t('renamed'), status: 'success' }),
    });
  };
  const toggleDefault = () =>
    save.mutate(buildPresetUpdate(preset, { defaultPreset: !preset.defaultPreset }), {
      onSuccess: (saved) =>
        showToast({
          message: saved.defaultPreset ? t('default_set', { title: saved.title }) : t('default_unset'),
          status: 'success',
        }),
    });

  return (
    <li
      className="grid grid-cols-[auto_minmax(0,1fr)] items-start gap-x-3 gap-y-2 rounded-xl px-3 py-2.5 transition-colors hover:bg-surface-hover/60 sm:grid-cols-[auto_minmax(0,1fr)_auto]"
      data-testid="preset-row"
      data-title={preset.title}
      data-default={preset.defaultPreset || undefined}
    >
      <EndpointIcon
        family={family}
        iconURL={preset.iconURL ?? endpoints?.[endpoint]?.iconURL}
        size="lg"
        className="mt-0.5"
      />
      <div className="min-w-0">
        {draft !== null ? (
          <input
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onBlur={rename}
            onKeyDown={(e) => {
              if (e.key === 'Enter') rename();
              if (e.key === 'Escape') {
                e.stopPropagation();
                setDraft(null);
              }
            }}
            maxLength={PRESET_TITLE_MAX}
            autoFocus
            aria-label={t('title_label')}
            className="h-8 w-full rounded-lg border border-accent bg-surface px-2 text-sm text-fg ring-2 ring-accent/20 outline-none"
            data-testid="preset-rename-input"
          />
        ) : (
          <div className="flex items-center gap-2">
            <span className="truncate text-sm font-medium text-fg" data-testid="preset-title">
              {preset.title}
            </span>
            {preset.defaultPreset ? (
              <span
                className="shrink-0 rounded-full bg-accent-soft px-2 py-px text-[11px] font-medium text-accent"
                data-testid="preset-default-badge"
              >
                {t('default_badge')}
              </span>
            ) : null}
          </div>
        )}
        <div className="mt-0.5 truncate text-xs text-fg-tertiary">
          {getEndpointLabel(endpoint, endpoints)}
          {preset.model ? ` · ${preset.model}` : ''}
        </div>
        <SettingsSummary settings={preset} className="mt-1.5" />
        {!setup ? <p className="mt-1 text-xs text-danger">{t('unavailable')}</p> : null}
      </div>
      <div className="col-start-2 -ml-1.5 flex shrink-0 items-center gap-0.5 sm:col-start-3 sm:ml-0">
        {isConfirmingDelete ? (
          <>
            <Button
              variant="danger"
              size="sm"
              isLoading={remove.isPending}
              onClick={() =>
                remove.mutate(preset.presetId, {
                  onSuccess: () => showToast({ message: t('deleted'), status: 'success' }),
                })
              }
              data-testid="preset-delete-confirm"
            >
              {t('delete')}
            </Button>
            <IconButton label={t('cancel')} size="icon-sm" onClick={() => setIsConfirmingDelete(false)}>
              <X />
            </IconButton>
          </>
        ) : (
          <>
            <IconButton
              label={preset.defaultPreset ? t('unset_default') : t('set_default')}
              size="icon-sm"
              onClick={toggleDefault}
              aria-pressed={preset.defaultPreset}
              className={cn(preset.defaultPreset ? 'text-amber-500' : 'text-fg-tertiary hover:text-fg')}
              data-testid="preset-default-toggle"
            >
              <Star className={cn(preset.defaultPreset && 'fill-current')} />
            </IconButton>
            <IconButton
              label={t('rename')}
              size="icon-sm"
              className="text-fg-tertiary hover:text-fg"
              onClick={() => setDraft(preset.title)}
              data-testid="preset-rename"
            >
              <Pencil />
            </IconButton>
            <IconButton
              label={t('delete')}
              size="icon-sm"
              className="text-fg-tertiary hover:text-danger"
              onClick={() => setIsConfirmingDelete(true)}
              data-testid="preset-delete"
            >
              <Trash2 />
            </IconButton>
            <Button
              variant="secondary"
              size="sm"
              className="ml-1"
              disabled={!setup}
              onClick={() => (setup ? onApply(setup) : undefined)}
              data-testid="preset-apply"
            >
              <Check className="size-3.5" aria-hidden />
              {t('apply')}
            </Button>
          </>
        )}
      </div>
    </li>
  );
}

import type { ModelSettings } from '@confab/shared';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/text-field';
import { showToast } from '../../components/ui/toast-store';
import type { EndpointsConfig } from '../chat/api/chat-api';
import type { ModelSelection } from '../chat/header/model-selection';
import { EndpointIcon } from '../model-selector/endpoint-icon';
import { getEndpointFamily, getEndpointLabel } from '../model-selector/endpoint-meta';
import { buildNewPreset, PRESET_TITLE_MAX } from './preset-rules';
import { SettingsSummary } from './settings-summary';
import { useSavePreset } from './use-presets';

/** Saves the current endpoint, model and settings as a named preset (SPEC 3, Preset). */
export function SavePresetDialog({
  isOpen,
  onOpenChange,
  selection,
  settings,
  endpoints,
}: {
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
  selection: ModelSelection | null;
  settings: ModelSettings;
  endpoints: EndpointsConfig | undefined;
}) {
  const { t } = useTranslation('presets');
  const save = useSavePreset();
  const [title, setTitle] = useState('');
  const [isDefault, setIsDefault] = useState(false);
  const [isSubmitted, setIsSubmitted] = useState(false);

  useEffect(() => {
    if (!isOpen) return;
    setTitle('');
    setIsDefault(false);
    setIsSubmitted(false);
  }, [isOpen]);

  if (!selection) return null;
  const family = getEndpointFamily(selection.endpoint, endpoints?.[selection.endpoint]);
  const titleError = isSubmitted && !title.trim() ? t('title_required') : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    if (!title.trim()) return;
    const config = endpoints?.[selection.endpoint];
    save.mutate(
      {
        ...buildNewPreset({ title, selection, settings, endpointType: config?.type ?? null }),
        ...(isDefault ? { defaultPreset: true } : {}),
      },
      {
        onSuccess: (preset) => {
          showToast({ message: t('saved', { title: preset.title }), status: 'success' });
          onOpenChange(false);
        },
      },
    );
  };

  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent
        title={t('save_title')}
        description={t('save_description')}
        className="max-w-md"
        data-testid="save-preset-dialog"
      >
        <form onSubmit={submit} className="flex flex-col gap-4 px-6 pb-6" noValidate>
          <TextField
            label={t('title_label')}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            placeholder={t('title_placeholder')}
            maxLength={PRESET_TITLE_MAX}
            error={titleError}
            autoFocus
            autoComplete="off"
            data-testid="preset-title-input"
          />
          <div className="rounded-xl border border-line bg-surface-tertiary/50 p-3">
            <div className="flex items-center gap-2.5">
              <EndpointIcon family={family} iconURL={endpoints?.[selection.endpoint]?.iconURL} />
              <div className="min-w-0">
                <div className="truncate text-sm font-medium text-fg">{selection.model}</div>
                <div className="truncate text-xs text-fg-tertiary">
                  {getEndpointLabel(selection.endpoint, endpoints)}
                </div>
              </div>
            </div>
            <SettingsSummary settings={settings} className="mt-2.5" />
          </div>
          <label className="flex cursor-pointer items-start gap-2.5 text-sm text-fg select-none">
            <input
              type="checkbox"
              checked={isDefault}
              onChange={(e) => setIsDefault(e.target.checked)}
              className="mt-0.5 size-4 rounded border-line-strong accent-[var(--accent)]"
              data-testid="preset-default-checkbox"
            />
            <span>
              {t('use_as_default')}
              <span className="block text-[13px] text-fg-tertiary">{t('use_as_default_hint')}</span>
            </span>
          </label>
          <div className="mt-1 flex justify-end gap-2">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {t('cancel')}
            </Button>
            <Button type="submit" isLoading={save.isPending} data-testid="preset-save-submit">
              {t('save')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

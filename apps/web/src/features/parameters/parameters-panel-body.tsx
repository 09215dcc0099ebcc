import type { ModelSettings } from '@confab/shared';
import { BookmarkPlus, Library, RotateCcw, X } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { IconButton } from '../../components/ui/icon-button';
import { setConversationSettings, type ModelSelection } from '../chat/header/model-selection';
import { EndpointIcon } from '../model-selector/endpoint-icon';
import { getEndpointFamily, getEndpointLabel, getParameterFamily } from '../model-selector/endpoint-meta';
import { openPresetDialog } from '../presets/preset-dialogs-store';
import { usePresetsEnabled } from '../presets/use-presets';
import { ChoiceRow } from './choice-row';
import { InstructionsRow } from './instructions-row';
import { getPanelSections, type PanelField } from './parameter-fields';
import type { ParametersPanelProps } from './parameters-panel';
import { setParametersPanelOpen } from './parameters-panel-store';
import { SliderRow } from './slider-row';
import { StopSequencesRow } from './stop-sequences-row';
import { SwitchRow } from './switch-row';

/** The panel's header, one row per parameter of the model's family, and its actions. */
export function PanelBody({
  conversationKey,
  selection,
  settings,
  endpoints,
}: ParametersPanelProps & { selection: ModelSelection }) {
  const { t } = useTranslation('parameters');
  const presetsEnabled = usePresetsEnabled();
  const family = getEndpointFamily(selection.endpoint, endpoints?.[selection.endpoint]);
  const sections = useMemo(
    () => getPanelSections(getParameterFamily(family), selection.model),
    [family, selection.model],
  );
  const shownKeys = sections.flatMap((s) => s.fields.map((f) => f.key));
  const hasChanges = shownKeys.some((key) => settings[key] !== undefined);
  const set = (patch: ModelSettings) => setConversationSettings(conversationKey, patch);

  const renderField = (field: PanelField) => {
    const label = t(`fields.${field.key}.label`);
    const description = t(`fields.${field.key}.description`, { defaultValue: '' }) || undefined;
    const raw = settings[field.key];
    const common = { key: field.key, name: field.key, label, description } as const;
    switch (field.kind) {
      case 'slider':
      case 'number':
        return (
          <SliderRow
            {...common}
            min={field.min}
            max={field.max}
            step={field.step}
            defaultValue={field.default}
            value={typeof raw === 'number' ? raw : null}
            hasSlider={field.kind === 'slider'}
            onChange={(value) => set({ [field.key]: value })}
          />
        );
      case 'enum':
        return (
          <ChoiceRow
            {...common}
            options={field.options}
            defaultValue={field.default}
            value={typeof raw === 'string' ? raw : null}
            onChange={(value) => set({ [field.key]: value })}
          />
        );
      case 'boolean':
        return (
          <SwitchRow
            {...common}
            defaultValue={field.default}
            value={typeof raw === 'boolean' ? raw : null}
            onChange={(value) => set({ [field.key]: value })}
          />
        );
      case 'text':
        return (
          <InstructionsRow
            {...common}
            value={typeof raw === 'string' ? raw : null}
            onChange={(value) => set({ [field.key]: value })}
          />
        );
      case 'tags':
        return (
          <StopSequencesRow
            {...common}
            max={field.max}
            value={Array.isArray(raw) ? raw : null}
            onChange={(value) => set({ [field.key]: value })}
          />
        );
    }
  };

  return (
    <>
      <div className="flex h-14 shrink-0 items-center gap-2 border-b border-line pr-2 pl-4">
        <div className="min-w-0 flex-1">
          <h2 className="text-[15px] leading-tight font-semibold text-fg">{t('title')}</h2>
          <p className="truncate text-xs text-fg-tertiary">{t('applies_next')}</p>
        </div>
        <IconButton
          label={t('close_panel')}
          size="icon-sm"
          className="text-fg-secondary"
          onClick={() => setParametersPanelOpen(false)}
          data-testid="parameters-close"
        >
          <X />
        </IconButton>
      </div>
      <div className="flex items-center gap-2.5 border-b border-line px-4 py-3" data-testid="parameters-model">
        <EndpointIcon family={family} iconURL={endpoints?.[selection.endpoint]?.iconURL} />
        <div className="min-w-0">
          <div className="truncate text-sm font-medium text-fg">{settings.modelLabel ?? selection.model}</div>
          <div className="truncate text-xs text-fg-tertiary">{getEndpointLabel(selection.endpoint, endpoints)}</div>
        </div>
      </div>
      <div className="scrollbar-thin min-h-0 flex-1 overflow-y-auto px-4 pb-4">
        {sections.map((section) => (
          <section
            key={section.id}
            className="border-b border-line py-4 last:border-b-0"
            data-testid={`parameters-section-${section.id}`}
          >
            <h3 className="mb-2 text-[11px] font-semibold tracking-wider text-fg-tertiary uppercase">
              {t(`sections.${section.id}`)}
            </h3>
            <div className="flex flex-col gap-3.5">{section.fields.map(renderField)}</div>
          </section>
        ))}
      </div>
      <div className="flex shrink-0 items-center gap-1.5 border-t border-line px-4 py-3">
        <Button
          variant="ghost"
          size="sm"
          className="text-fg-secondary"
          disabled={!hasChanges}
          onClick={() => set(Object.fromEntries(shownKeys.map((key) => [key, null])))}
          data-testid="parameters-reset-all"
        >
          <RotateCcw className="size-3.5" aria-hidden />
          {t('reset_all')}
        </Button>
        <span className="flex-1" />
        {presetsEnabled ? (
          <>
            <IconButton
              label={t('manage_presets')}
              size="icon-sm"
              variant="ghost"
              className="text-fg-secondary"
              onClick={() => openPresetDialog('manage')}
              data-testid="parameters-manage-presets"
            >
              <Library />
            </IconButton>
            <Button
              variant="outline"
              size="sm"
              onClick={() => openPresetDialog('save')}
              data-testid="parameters-save-preset"
            >
              <BookmarkPlus className="size-4" aria-hidden />
              {t('save_preset')}
            </Button>
          </>
        ) : null}
      </div>
    </>
  );
}

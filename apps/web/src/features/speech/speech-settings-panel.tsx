import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Select, type SelectOption } from '../../components/ui/select';
import { Switch } from '../../components/ui/switch';
import { cn } from '../../lib/cn';
import { getLanguageOptions } from '../language/language-options';
import { SettingsRow } from '../settings/settings-row';
import { useBrowserVoices, useExternalVoices, useSpeechConfig } from './speech-api';
import { browserVoiceOptions, externalVoiceLabel } from './voice-names';
import {
  SPEECH_LANGUAGES,
  SPEECH_RANGES,
  setConversationMode,
  setSpeechSetting,
  useSpeechSettings,
  type SpeechSettings,
} from './speech-settings';

type BooleanSetting = {
  [K in keyof SpeechSettings]: SpeechSettings[K] extends boolean ? K : never;
}[keyof SpeechSettings];
type NumberSetting = 'playbackRate' | 'autoSendText' | 'decibelValue';

const kebab = (name: string) => name.replace(/[A-Z]+/g, (c) => `-${c.toLowerCase()}`);

function SwitchRow({ name, onChange }: { name: BooleanSetting; onChange?: (isOn: boolean) => void }) {
  const { t } = useTranslation('speech');
  const isChecked = useSpeechSettings((s) => s[name]);
  return (
    <SettingsRow label={t(`${name}.label`)} description={t(`${name}.description`)} htmlFor={`speech-${kebab(name)}`}>
      <Switch
        id={`speech-${kebab(name)}`}
        isChecked={isChecked}
        onCheckedChange={(checked) => (onChange ? onChange(checked) : setSpeechSetting(name, checked))}
        data-testid={`speech-switch-${kebab(name)}`}
      />
    </SettingsRow>
  );
}

function SliderRow({ name, format }: { name: NumberSetting; format: (value: number) => string }) {
  const { t } = useTranslation('speech');
  const value = useSpeechSettings((s) => s[name]);
  const range = SPEECH_RANGES[name];
  const id = `speech-${kebab(name)}`;
  return (
    <SettingsRow label={t(`${name}.label`)} description={t(`${name}.description`)} htmlFor={id}>
      <div className="flex w-36 shrink-0 items-center gap-3 sm:w-44">
        <input
          id={id}
          type="range"
          min={range.min}
          max={range.max}
          step={range.step}
          value={value}
          onChange={(e) => setSpeechSetting(name, Math.round(Number(e.target.value) * 10) / 10)}
          className="h-1.5 min-w-0 flex-1 cursor-pointer accent-[var(--color-accent)]"
          data-testid={`speech-range-${kebab(name)}`}
        />
        <output htmlFor={id} className="w-12 text-right text-sm text-fg-secondary tabular-nums">
          {format(value)}
        </output>
      </div>
    </SettingsRow>
  );
}

function SelectRow({
  name,
  options,
}: {
  name: 'engineTTS' | 'engineSTT' | 'voice' | 'languageSTT' | 'languageTTS';
  options: SelectOption[];
}) {
  const { t } = useTranslation('speech');
  const value = useSpeechSettings((s) => s[name]);
  const id = `speech-${kebab(name)}`;
  return (
    <SettingsRow label={t(`${name}.label`)} description={t(`${name}.description`)} htmlFor={id}>
      <Select
        id={id}
        data-testid={`speech-select-${kebab(name)}`}
        className="w-36 shrink-0 sm:w-44"
        options={options}
        value={value}
        onValueChange={(chosen) => {
          if (name === 'engineTTS' || name === 'engineSTT') {
            if (chosen === 'browser' || chosen === 'external') setSpeechSetting(name, chosen);
          } else if (options.some((o) => o.value === chosen)) setSpeechSetting(name, chosen);
        }}
      />
    </SettingsRow>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-5 first:mt-0">
      <h3 className="text-xs font-semibold tracking-wide text-fg-tertiary uppercase">{title}</h3>
      <div>{children}</div>
    </section>
  );
}

/** The languages by their own names ("Deutsch"), the interface language's name beneath. */
function useLanguageOptions(): SelectOption[] {
  const { t, i18n } = useTranslation('speech');
  const displayLocale = i18n.language || 'en';
  const emptyLabel = t('language_default');
  return useMemo(
    () => getLanguageOptions(SPEECH_LANGUAGES, { displayLocale, emptyLabel }),
    [displayLocale, emptyLabel],
  );
}

/** Settings → Speech (SPEC 2, 3, 5): simple shows the essentials, advanced every field. */
export function SpeechSettingsPanel() {
  const { t, i18n } = useTranslation('speech');
  const { engines } = useSpeechConfig();
  const settings = useSpeechSettings();
  const isAdvanced = settings.advancedMode;
  const isExternalTts = settings.engineTTS === 'external';
  const browserVoices = useBrowserVoices();
  const externalVoices = useExternalVoices(isExternalTts && settings.textToSpeech);
  const languages = useLanguageOptions();

  // The stored value stays the engine's id or the browser's voice name; the label is for people.
  const displayLocale = i18n.language || 'en';
  const voiceOptions: SelectOption[] = [
    { value: '', label: t('voice.default') },
    ...(isExternalTts
      ? [...new Set(externalVoices.data ?? [])].map((id) => ({ value: id, label: externalVoiceLabel(id, displayLocale) }))
      : browserVoiceOptions(
          browserVoices
            .filter((v) => settings.cloudBrowserVoices || v.localService)
            .filter((v) => !settings.languageTTS || v.lang.startsWith(settings.languageTTS.slice(0, 2))),
          displayLocale,
          { voice: (n) => t('voice.numbered', { n }), online: t('voice.online') },
        )),
  ];
  const engineOptions = (external: string | null) => [
    { value: 'browser', label: t('engine_browser') },
    ...(external ? [{ value: 'external', label: t('engine_external', { name: external }) }] : []),
  ];

  return (
    <div data-testid="speech-settings">
      <div role="radiogroup" aria-label={t('view')} className="mb-4 inline-flex rounded-lg bg-surface-tertiary p-0.5">
        {(['simple', 'advanced'] as const).map((view) => {
          const isSelected = (view === 'advanced') === isAdvanced;
          return (
            <button
              key={view}
              type="button"
              role="radio"
              aria-checked={isSelected}
              onClick={() => setSpeechSetting('advancedMode', view === 'advanced')}
              className={cn(
                'focus-ring rounded-md px-3 py-1 text-sm font-medium transition-colors',
                isSelected ? 'bg-surface text-fg shadow-sm' : 'text-fg-secondary hover:text-fg',
              )}
              data-testid={`speech-view-${view}`}
            >
              {t(`view_${view}`)}
            </button>
          );
        })}
      </div>

      <Section title={t('section_conversation')}>
        <SwitchRow name="conversationMode" onChange={setConversationMode} />
      </Section>

      <Section title={t('section_stt')}>
        <SwitchRow name="speechToText" />
        {settings.speechToText ? (
          <>
            {engines.stt ? <SelectRow name="engineSTT" options={engineOptions(engines.stt)} /> : null}
            <SelectRow name="languageSTT" options={languages} />
            <SwitchRow name="autoTranscribeAudio" />
            {isAdvanced ? (
              <>
                <SliderRow
                  name="autoSendText"
                  format={(v) => (v < 0 ? t('autoSendText.off') : t('seconds', { count: v }))}
                />
                <SliderRow name="decibelValue" format={(v) => t('decibels', { value: v })} />
              </>
            ) : null}
          </>
        ) : null}
      </Section>

      <Section title={t('section_tts')}>
        <SwitchRow name="textToSpeech" />
        {settings.textToSpeech ? (
          <>
            {engines.tts ? <SelectRow name="engineTTS" options={engineOptions(engines.tts)} /> : null}
            {isAdvanced && !isExternalTts ? <SelectRow name="languageTTS" options={languages} /> : null}
            <SelectRow name="voice" options={voiceOptions} />
            {isAdvanced && !isExternalTts ? <SwitchRow name="cloudBrowserVoices" /> : null}
            <SwitchRow name="automaticPlayback" />
            {isAdvanced ? <SliderRow name="playbackRate" format={(v) => t('rate', { value: v.toFixed(1) })} /> : null}
            {isAdvanced && isExternalTts ? <SwitchRow name="cacheTTS" /> : null}
          </>
        ) : null}
      </Section>
    </div>
  );
}

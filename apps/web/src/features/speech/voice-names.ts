import type { SelectOption } from '../../components/ui/select';

/** What the voice list needs of a browser voice (SpeechSynthesisVoice). */
export interface BrowserVoice {
  name: string;
  lang: string;
  localService: boolean;
}

/**
 * The local engine's Flite voices (apps/server/src/features/speech/local/local-tts.ts). Their ids
 * are the CMU recordings' speaker initials, so each gets a first name to be told apart by.
 */
const FLITE_VOICES: Record<string, { name: string; lang: string }> = {
  slt: { name: 'Sally', lang: 'en-US' },
  rms: { name: 'Richard', lang: 'en-US' },
  awb: { name: 'Alan', lang: 'en-GB' },
  kal16: { name: 'Kevin', lang: 'en-US' },
  // The same speaker at telephone quality (8 kHz).
  kal: { name: 'Kevin 8 kHz', lang: 'en-US' },
};

/** "English, US" (in `displayLocale`); null when the engine cannot name it. */
export function describeLanguage(lang: string, displayLocale: string): string | null {
  try {
    const locale = new Intl.Locale(lang.replace(/_/g, '-'));
    const language = new Intl.DisplayNames([displayLocale], { type: 'language' }).of(locale.language);
    if (!language) return null;
    const region = locale.region
      ? new Intl.DisplayNames([displayLocale], { type: 'region', style: 'short' }).of(locale.region)
      : undefined;
    return region ? `${language}, ${region}` : language;
  } catch {
    return null;
  }
}

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const withLanguage = (name: string, language: string | null) => (language ? `${name} (${language})` : name);

/** A voice model's file name, `en_US-lessac-medium.onnx` (Piper's pattern): language, speaker, quality. */
const MODEL_FILE = /^([a-z]{2,3}[_-][A-Za-z]{2})[-_]([a-z0-9]+(?:[_][a-z0-9]+)*)(?:[-_](x_low|low|medium|high))?$/i;

/**
 * A person-readable name for a voice of the server's speech engine: the Flite voices by name,
 * a model file by its speaker and language, any other id (OpenAI's "alloy") capitalised. The
 * id stays the stored value; only the label changes.
 * @example externalVoiceLabel('slt', 'en-US') // 'Sally (English, US)'
 */
export function externalVoiceLabel(id: string, displayLocale: string): string {
  const flite = FLITE_VOICES[id];
  if (flite) return withLanguage(flite.name, describeLanguage(flite.lang, displayLocale));
  const base = id.replace(/^.*[\\/]/, '').replace(/\.(onnx|json|bin|pt|pth|wav|mp3)$/i, '');
  const model = MODEL_FILE.exec(base);
  if (model?.[1] && model[2]) {
    const speaker = model[2].split('_').map(capitalise).join(' ');
    return withLanguage(speaker, describeLanguage(model[1], displayLocale));
  }
  const words = base.split(/[\s_-]+/).filter(Boolean);
  return words.length ? words.map(capitalise).join(' ') : id;
}

function namesLanguage(name: string, lang: string): boolean {
  try {
    const english = new Intl.DisplayNames(['en'], { type: 'language' }).of(new Intl.Locale(lang).language);
    return !!english && name.toLowerCase().includes(english.toLowerCase());
  } catch {
    return false;
  }
}

/** Android's voices are ids such as `en-US-x-iol-local`, with no name to show. */
const ANDROID_VOICE_ID = /^[a-z]{2,3}-[a-z]{2}-x-[a-z0-9]+(?:#[a-z0-9_]+)?-(?:local|network)$/i;

/**
 * The browser's voices as list options, valued by their names (what the settings store). A
 * name that is already a name gets its language added ("Alex (English, US)"); Android's ids
 * become "Voice 1 (English, US)", numbered within their language; a cloud voice says so.
 */
export function browserVoiceOptions(
  voices: readonly BrowserVoice[],
  displayLocale: string,
  labels: { voice: (n: number) => string; online: string },
): SelectOption[] {
  const seen = new Set<string>();
  const counts = new Map<string, number>();
  const options: SelectOption[] = [];
  for (const voice of voices) {
    if (seen.has(voice.name)) continue;
    seen.add(voice.name);
    const language = describeLanguage(voice.lang, displayLocale);
    let label: string;
    if (ANDROID_VOICE_ID.test(voice.name)) {
      const n = (counts.get(voice.lang) ?? 0) + 1;
      counts.set(voice.lang, n);
      label = withLanguage(labels.voice(n), language);
    } else {
      // Names like "Google US English" or "Microsoft Aria Online (Natural) - English (United
      // States)" already say it.
      const saysLanguage = /[()]| - /.test(voice.name) || namesLanguage(voice.name, voice.lang);
      label = saysLanguage ? voice.name : withLanguage(voice.name, language);
    }
    options.push(voice.localService ? { value: voice.name, label } : { value: voice.name, label, detail: labels.online });
  }
  return options;
}

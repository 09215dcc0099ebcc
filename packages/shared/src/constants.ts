/**
 * Business constants of SPEC section 9. Every number the product uses lives here once
 * and is imported by the server and the web app alike.
 */
export const APP_VERSION = 'v0.7.8';
export const CONFIG_VERSION = '1.2.5';
export const DEFAULT_APP_TITLE = 'Confab';

/** An all-zero id marks "no parent" in the message tree. */
export const NO_PARENT = '00000000-0000-0000-0000-000000000000';

export const SPECIAL_CONVERSATION_IDS = { new: 'new', pending: 'PENDING', search: 'search' } as const;

export const TEXT_LIMITS = {
  emailMax: 120,
  passwordMin: 8,
  passwordMax: 128,
  nameMin: 3,
  nameMax: 80,
  usernameMin: 2,
  usernameMax: 80,
  forgotEmailMin: 3,
  tagMax: 128,
  tagDescriptionMax: 1048,
  renameMax: 100,
  googlePrivateKeyMin: 601,
} as const;

export const TIMING = {
  titleGenerationDelayMs: 2500,
  redirectCountdownMs: 3000,
  authRedirectDelayMs: 300,
  modelSearchDebounceMs: 200,
  tableSearchDebounceMs: 300,
  sidebarSearchDebounceMs: 500,
  /** The token counter under a long text asks the server once typing pauses this long. */
  tokenCountDebounceMs: 400,
  healthCheckIntervalMs: 10 * 60 * 1000,
  streamStartPollMs: 100,
  streamStartPollTries: 50,
  streamConnectErrorMs: 5500,
  unfinishedNoticeDelayMs: 250,
  draftDebounceMs: 750,
  draftShortRemoveMs: 2500,
  toastDelayMs: 100,
  toastDurationMs: 3000,
  themeToggleDebounceMs: 500,
  themeAnnounceMs: 1000,
  copyFeedbackMs: 2500,
  /** SPEC 9: a code block's Run button answers one press per second. */
  runCodeThrottleMs: 1000,
  /** SPEC 9: an artifact streaming into the side panel updates at most every 25 ms. */
  artifactUpdateThrottleMs: 25,
  languageCookieDays: 365,
} as const;

export const LAYOUT = {
  mobileBreakpointPx: 768,
  sidebarWidthPx: 260,
  sidebarWidthMobilePx: 320,
  inputCollapsedPx: 52,
  inputMultiLineThreshold: 3,
  sharedLinkPageSize: 25,
} as const;

export const CHAT_LIMITS = {
  maxConversationStarters: 4,
  maxStopSequences: 4,
  unknownErrorMaxChars: 512,
  keepInitialResponseOnErrorChars: 45,
} as const;

export const DEFAULT_MODELS = {
  openAI: 'gpt-4o-mini',
  google: 'gemini-1.5-flash-latest',
  anthropic: 'claude-3-5-sonnet-latest',
} as const;

export const DEFAULT_CONVERSATION_TITLE = 'New Chat';

export const BALANCE_DEFAULTS = {
  enabled: false,
  startBalance: 20000,
  autoRefillEnabled: false,
  refillIntervalValue: 30,
  refillIntervalUnit: 'days',
  refillAmount: 10000,
} as const;

export const DEFAULT_SOCIAL_LOGINS = ['google', 'facebook', 'openid', 'github', 'discord'] as const;

export const UI_LANGUAGES = [
  'auto', 'en-US', 'zh-Hans', 'zh-Hant', 'ar-EG', 'de-DE', 'es-ES', 'et-EE', 'fa-IR', 'fr-FR',
  'he-HE', 'hu-HU', 'it-IT', 'pl-PL', 'pt-BR', 'pt-PT', 'ru-RU', 'ja-JP', 'ka-GE', 'sv-SE',
  'ko-KR', 'vi-VN', 'th-TH', 'tr-TR', 'nl-NL', 'id-ID', 'fi-FI',
] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];

/** GET /api/config: what the web app needs before sign-in (SPEC 3, Startup config). */
export interface StartupConfig {
  appTitle: string;
  serverDomain: string;
  version: string;
  socialLogins: string[];
  discordLoginEnabled: boolean;
  facebookLoginEnabled: boolean;
  githubLoginEnabled: boolean;
  googleLoginEnabled: boolean;
  appleLoginEnabled: boolean;
  openidLoginEnabled: boolean;
  linkedinLoginEnabled: boolean;
  openidLabel: string;
  openidImageUrl: string;
  openidAutoRedirect: boolean;
  registrationEnabled: boolean;
  emailLoginEnabled: boolean;
  passwordResetEnabled: boolean;
  emailEnabled: boolean;
  sharedLinksEnabled: boolean;
  publicSharedLinksEnabled: boolean;
  analyticsGtmId?: string;
  instanceProjectId: string;
  defaultAgent?: string;
  audience?: string;
  balance: { enabled: boolean };
  interface: StartupInterface;
  modelSpecs?: { list: unknown[]; enforce?: boolean; prioritize?: boolean; addedEndpoints?: string[] };
  customWelcome?: string;
  /** The same as interface.customFooter, where LibreChat's client reads it. */
  customFooter?: string;
}

export interface PolicyLink {
  externalUrl?: string;
  openNewTab?: boolean;
  modalAcceptance?: boolean;
  modalTitle?: string;
  modalContent?: string | string[];
}

export interface StartupInterface {
  endpointsMenu: boolean;
  modelSelect: boolean;
  parameters: boolean;
  sidePanel: boolean;
  presets: boolean;
  prompts: boolean;
  bookmarks: boolean;
  multiConvo: boolean;
  agents: boolean;
  temporaryChat: boolean;
  /** Hours a temporary chat is kept (the server's default, 720, when absent). */
  temporaryChatRetention?: number;
  runCode: boolean;
  showToolGridAt?: number;
  customWelcome?: string;
  /** Markdown shown instead of the default footer; an empty string shows an empty footer (LibreChat). */
  customFooter?: string;
  privacyPolicy?: PolicyLink;
  termsOfService?: PolicyLink;
}

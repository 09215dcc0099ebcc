import type { StartupLdap } from './ldap.js';

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
  /** Directory sign-in (LibreChat's `ldap`): the login form asks for a user name when `username`. */
  ldap?: StartupLdap;
  interface: StartupInterface;
  modelSpecs?: { list: unknown[]; enforce?: boolean; prioritize?: boolean; addedEndpoints?: string[] };
  /**
   * The config's MCP servers by name, as LibreChat's client reads them (the chat's tool toggles
   * list those with `chatMenu` not false). Only what a user may see: never a URL, command or key.
   */
  mcpServers?: Record<string, StartupMcpServer>;
  /**
   * Memory (issue 41), from the config's `memory` section: `disabled` turns it off for everyone;
   * `personalize: false` keeps it on for everyone, with no switch of their own.
   */
  memory?: { disabled: boolean; personalize: boolean };
  /** Web search (issue 41): a provider is configured; `requiresUserKey` when each user brings the key. */
  webSearch?: {
    enabled: boolean;
    provider: string;
    /** Each user brings their own key for the provider (the administrator left it unset or `user_provided`). */
    requiresUserKey: boolean;
    /** The field that key is installed under (`SERPER_API_KEY`, `TAVILY_API_KEY`), when one is required. */
    keyField?: string;
  };
  customWelcome?: string;
  /** The same as interface.customFooter, where LibreChat's client reads it. */
  customFooter?: string;
}

export interface StartupMcpServer {
  /** false: the server's tools are for agents only, not offered in a chat's tool menu. */
  chatMenu?: boolean;
  /** Values each user supplies once, by name (LibreChat's `customUserVars`). */
  customUserVars: Record<string, { title: string; description: string }>;
  title?: string;
  iconPath?: string;
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
  /** The web search toggle (issue 41); a search provider must be configured too (`webSearch` below). */
  webSearch: boolean;
  /** Memory in chats and Settings → Personalization (issue 41). */
  memories: boolean;
  showToolGridAt?: number;
  customWelcome?: string;
  /** Markdown shown instead of the default footer; an empty string shows an empty footer (LibreChat). */
  customFooter?: string;
  privacyPolicy?: PolicyLink;
  termsOfService?: PolicyLink;
}

import {
  APP_VERSION,
  DEFAULT_APP_TITLE,
  DEFAULT_SOCIAL_LOGINS,
  type StartupConfig,
  type StartupMcpServer,
} from '@confab/shared';
import type { AppConfig } from '../../config/config-schema.js';
import type { Env } from '../../env.js';
import { isEmailConfigured } from '../../platform/mailer.js';
import { configuredSocialProviders } from '../oauth/oauth-providers.js';
import { sharedLinkSettings } from '../share/share-access.js';
import { startupLdap } from '../ldap/ldap.feature.js';
import { resolveWebSearch } from '../web-search/web-search-config.js';

/** SPEC 3 startup config: computed once at start-up from the environment and the YAML file. */
export function buildStartupConfig(env: Env, config: AppConfig): StartupConfig {
  const { interface: ui } = config;
  // LibreChat reads the footer from CUSTOM_FOOTER only; a Confab YAML may also carry it.
  const customFooter = env.CUSTOM_FOOTER ?? ui.customFooter;
  const socialLogins = config.registration?.socialLogins ?? [...DEFAULT_SOCIAL_LOGINS];
  const social = new Set(configuredSocialProviders(env));
  return {
    appTitle: env.APP_TITLE || config.appTitle || DEFAULT_APP_TITLE,
    serverDomain: env.DOMAIN_SERVER ?? '',
    version: APP_VERSION,
    socialLogins,
    discordLoginEnabled: social.has('discord'),
    facebookLoginEnabled: social.has('facebook'),
    githubLoginEnabled: social.has('github'),
    googleLoginEnabled: social.has('google'),
    appleLoginEnabled: social.has('apple'),
    openidLoginEnabled: social.has('openid'),
    linkedinLoginEnabled: social.has('linkedin'),
    openidLabel: env.OPENID_BUTTON_LABEL || 'Continue with OpenID',
    openidImageUrl: env.OPENID_IMAGE_URL ?? '',
    openidAutoRedirect: social.has('openid') && (env.OPENID_AUTO_REDIRECT ?? false),
    registrationEnabled: env.ALLOW_REGISTRATION ?? true,
    emailLoginEnabled: env.ALLOW_EMAIL_LOGIN ?? true,
    passwordResetEnabled: env.ALLOW_PASSWORD_RESET ?? false,
    emailEnabled: isEmailConfigured(env),
    sharedLinksEnabled: sharedLinkSettings(env).isEnabled,
    publicSharedLinksEnabled: sharedLinkSettings(env).isPublic,
    instanceProjectId: 'instance',
    ...(env.ANALYTICS_GTM_ID ? { analyticsGtmId: env.ANALYTICS_GTM_ID } : {}),
    ...(config.audience ? { audience: config.audience } : {}),
    balance: { enabled: config.balance.enabled },
    ldap: startupLdap(env),
    interface: {
      endpointsMenu: ui.endpointsMenu,
      modelSelect: ui.modelSelect,
      parameters: ui.parameters,
      sidePanel: ui.sidePanel,
      presets: ui.presets,
      prompts: ui.prompts,
      bookmarks: ui.bookmarks,
      multiConvo: ui.multiConvo,
      agents: ui.agents,
      temporaryChat: ui.temporaryChat,
      ...(ui.temporaryChatRetention !== undefined ? { temporaryChatRetention: ui.temporaryChatRetention } : {}),
      runCode: ui.runCode,
      webSearch: ui.webSearch,
      memories: ui.memories,
      ...(ui.showToolGridAt !== undefined ? { showToolGridAt: ui.showToolGridAt } : {}),
      ...(ui.customWelcome ? { customWelcome: ui.customWelcome } : {}),
      ...(customFooter !== undefined ? { customFooter } : {}),
      ...(ui.privacyPolicy ? { privacyPolicy: ui.privacyPolicy } : {}),
      ...(ui.termsOfService ? { termsOfService: ui.termsOfService } : {}),
    },
    ...(ui.customWelcome ? { customWelcome: ui.customWelcome } : {}),
    // Also at the top, where LibreChat's client reads it.
    ...(customFooter !== undefined ? { customFooter } : {}),
    ...(config.modelSpecs ? { modelSpecs: config.modelSpecs } : {}),
    ...(config.mcpServers ? { mcpServers: startupMcpServers(config.mcpServers) } : {}),
    memory: { disabled: config.memory?.disabled === true, personalize: config.memory?.personalize !== false },
    ...startupWebSearch(env, config),
  };
}

/** Web search as the web app sees it (issue 41): present when a provider is configured. */
function startupWebSearch(env: Env, config: AppConfig): Pick<StartupConfig, 'webSearch'> {
  const search = resolveWebSearch(config.webSearch, env);
  if (!search) return {};
  return {
    webSearch: {
      enabled: config.interface.webSearch,
      provider: search.provider,
      requiresUserKey: Boolean(search.auth?.length),
      ...(search.auth?.[0] ? { keyField: search.auth[0].authField } : {}),
    },
  };
}

/** The MCP servers as a user may see them: names and what they ask of users, nothing that connects. */
function startupMcpServers(servers: NonNullable<AppConfig['mcpServers']>): Record<string, StartupMcpServer> {
  return Object.fromEntries(
    Object.entries(servers).map(([name, server]) => [
      name,
      {
        ...(server.chatMenu !== undefined ? { chatMenu: server.chatMenu } : {}),
        customUserVars: server.customUserVars ?? {},
        ...(server.title ? { title: server.title } : {}),
        ...(server.iconPath ? { iconPath: server.iconPath } : {}),
      },
    ]),
  );
}

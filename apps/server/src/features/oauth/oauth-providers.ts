import type { SocialProvider } from '@confab/shared';
import type { Env } from '../../env.js';

/**
 * PLACEHOLDER (issue 22, OAuth helper): the social and OpenID providers whose env is complete
 * (LibreChat's names), and social sign-in allowed (ALLOW_SOCIAL_LOGIN).
 */
export function configuredSocialProviders(_env: Env): SocialProvider[] {
  return [];
}

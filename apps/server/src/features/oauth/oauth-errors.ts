import type { OAuthErrorCode } from '@confab/shared';

export type { OAuthErrorCode };

export class OAuthRefusal extends Error {
  constructor(
    readonly code: OAuthErrorCode,
    message: string = code,
  ) {
    super(message);
  }
}

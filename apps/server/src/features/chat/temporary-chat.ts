import type { Db } from '../../db/database.js';
import { AppError } from '../../platform/errors.js';
import type { AuthUser } from '../auth/authenticate.js';
import { getRole } from '../roles/roles.repo.js';

/** LibreChat's default `interface.temporaryChatRetention`: 720 hours, 30 days. */
export const DEFAULT_TEMPORARY_CHAT_RETENTION_HOURS = 720;
const HOUR_MS = 60 * 60 * 1000;

export interface TemporaryChatSettings {
  /** `interface.temporaryChat`: off refuses every temporary chat. */
  temporaryChat: boolean;
  /** `interface.temporaryChatRetention`, in hours. */
  temporaryChatRetention?: number | undefined;
}

/**
 * Who may start a temporary chat (SPEC 6's TEMPORARY_CHAT USE and the interface switch) and when
 * it expires; the expiry sweep deletes it after that.
 */
export class TemporaryChatPolicy {
  constructor(
    private readonly db: Db,
    private readonly settings: TemporaryChatSettings,
  ) {}

  /** Refuses (403 forbidden) a temporary chat the configuration or the user's role does not allow. */
  async assertAllowed(user: AuthUser): Promise<void> {
    if (!this.settings.temporaryChat) throw new AppError('forbidden', 'Temporary chats are turned off on this server');
    // Read through the role on each request, so an admin's change applies at once.
    const role = await getRole(this.db, user.role);
    if (role?.permissions.TEMPORARY_CHAT?.USE === false)
      throw new AppError('forbidden', 'You are not allowed to use temporary chats');
  }

  /** When a temporary chat started at `now` is swept. */
  expiresAt(now: number = Date.now()): string {
    const hours = this.settings.temporaryChatRetention ?? DEFAULT_TEMPORARY_CHAT_RETENTION_HOURS;
    return new Date(now + hours * HOUR_MS).toISOString();
  }
}

import { analyticsEventBodySchema, type AnalyticsEvent, type AnalyticsEventBody, type StartupConfig } from '@confab/shared';
import { startupConfigQueryKey } from '../features/config/use-startup-config';
import { apiFetch, getAccessToken } from './api-client';
import { queryClient } from './query-client';

export type AnalyticsProperties = Record<string, string | number | boolean | null>;

const EVENTS_PATH = '/api/events';

declare global {
  interface Window {
    /** Google Tag Manager's queue: whatever is pushed here reaches the configured container. */
    dataLayer?: unknown[];
  }
}

export interface TrackOptions {
  /** The server records this event itself (a share link it created): only Tag Manager is told. */
  isRecordedByServer?: boolean;
}

/**
 * SPEC 7, Analytics: sends one product event to our own endpoint (POST /api/events, SPEC 7's beacon
 * `{type, chatId, metadata}`: a `chatId` property becomes the beacon's chatId, the rest its
 * metadata) and, when the startup config names a Tag Manager container (`analyticsGtmId`), to
 * `window.dataLayer` as well. Fire-and-forget: it never throws and never waits, so a failing beacon
 * cannot break the click that caused it. An event that does not fit the shared contract is dropped,
 * not sent half-valid.
 * @example track('meme_downloaded', { type: 'video' })
 */
export function track(event: AnalyticsEvent, properties: AnalyticsProperties = {}, options: TrackOptions = {}): void {
  try {
    const { chatId, ...metadata } = properties;
    const parsed = analyticsEventBodySchema.safeParse({
      type: event,
      ...(typeof chatId === 'string' ? { chatId } : {}),
      metadata,
    });
    if (!parsed.success) return;
    pushToDataLayer(event, properties);
    if (!options.isRecordedByServer) sendToServer(parsed.data);
  } catch {
    // Analytics must never take the product down with it.
  }
}

function pushToDataLayer(event: AnalyticsEvent, properties: AnalyticsProperties): void {
  if (typeof window === 'undefined') return;
  const config = queryClient.getQueryData<StartupConfig>(startupConfigQueryKey);
  if (!config?.analyticsGtmId) return;
  window.dataLayer ??= [];
  window.dataLayer.push({ event, ...properties });
}

function sendToServer(body: AnalyticsEventBody): void {
  // Events belong to a signed-in user. Without a token the call would answer 401, and apiFetch's
  // refresh-or-sign-in handling must not run (it could send a visitor to /login) for a beacon.
  if (!getAccessToken()) return;
  // keepalive: an event sent as the page goes away (a link followed, a tab closed) still arrives.
  apiFetch(EVENTS_PATH, { method: 'POST', json: body, keepalive: true }).catch(() => undefined);
}

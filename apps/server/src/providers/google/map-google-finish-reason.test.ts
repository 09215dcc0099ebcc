import { describe, expect, it } from 'vitest';
import { mapGoogleFinishReason, readGoogleRawFinishReason } from './map-google-finish-reason.js';

const metadata = (google: Record<string, unknown>) => ({ google });

describe('mapGoogleFinishReason', () => {
  it('lets normal finishes pass', () => {
    expect(mapGoogleFinishReason('stop', metadata({ promptFeedback: null, safetyRatings: null }))).toBeUndefined();
    expect(mapGoogleFinishReason('length', undefined)).toBeUndefined();
  });

  it('a prompt blocked for safety is moderation; for another reason google_error', () => {
    expect(
      mapGoogleFinishReason('content-filter', metadata({ promptFeedback: { blockReason: 'SAFETY' } })),
    ).toMatchObject({ type: 'moderation', info: 'SAFETY' });
    expect(
      mapGoogleFinishReason('content-filter', metadata({ promptFeedback: { blockReason: 'PROHIBITED_CONTENT' } }))
        ?.type,
    ).toBe('moderation');
    const other = mapGoogleFinishReason('content-filter', metadata({ promptFeedback: { blockReason: 'OTHER' } }));
    expect(other).toMatchObject({ type: 'google_error', info: 'The prompt was blocked (OTHER).' });
  });

  it('a SAFETY stop is moderation naming the blocked categories', () => {
    const ratings = [
      { category: 'HARM_CATEGORY_HATE_SPEECH', probability: 'NEGLIGIBLE' },
      { category: 'HARM_CATEGORY_HARASSMENT', probability: 'HIGH', blocked: true },
    ];
    const mapped = mapGoogleFinishReason('content-filter', metadata({ safetyRatings: ratings }), 'SAFETY');
    expect(mapped).toMatchObject({ type: 'moderation', info: 'HARM_CATEGORY_HARASSMENT' });
    expect(mapped?.message).toContain('HARM_CATEGORY_HARASSMENT');
  });

  it('a RECITATION stop is google_error', () => {
    expect(mapGoogleFinishReason('content-filter', metadata({}), 'RECITATION')?.type).toBe('google_error');
  });

  it('reads the raw finish reason of a chunk', () => {
    expect(readGoogleRawFinishReason({ candidates: [{ finishReason: 'RECITATION', index: 0 }] })).toBe('RECITATION');
    expect(readGoogleRawFinishReason({ candidates: [{ content: { parts: [] } }] })).toBeUndefined();
    expect(readGoogleRawFinishReason('not json')).toBeUndefined();
  });
});

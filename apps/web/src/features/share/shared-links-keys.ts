import type { SharedLinksQuery } from './share-api';

export const sharedLinksKeys = {
  all: ['sharedLinks'] as const,
  list: (query: SharedLinksQuery) => ['sharedLinks', query] as const,
};

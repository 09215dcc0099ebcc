import { startPageServer, startSearxngFake, type PageServer, type SearxngFake } from '@confab/testkit';

/**
 * The web the browser tests search (issue 41): a SearXNG fake that answers every query with
 * these three pages, served by a local page server the e2e config exempts in
 * `webSearch.allowedAddresses`. `[[web-search]]` (WEB_SEARCH_QUERY) searches them and cites [1]
 * and [2]. Their site (attribution) is the page server's `127.0.0.1`.
 */
export const WEB_SEARCH_PAGES = [
  {
    path: '/boiling-point',
    title: 'Boiling point of water',
    snippet: 'Water boils at 100 degrees Celsius at sea level.',
    body: [
      'Water boils at 100 degrees Celsius at sea level, where the air pressure is one atmosphere.',
      'The boiling point of water depends on the air pressure around it, which is why recipes change in the mountains.',
    ],
  },
  {
    path: '/everest-cooking',
    title: 'Cooking on Everest',
    snippet: 'At altitude water boils at a lower temperature.',
    body: [
      'At high altitude the air pressure is lower, so water boils at a lower temperature: about 70 degrees Celsius on the summit of Everest.',
      'Food takes longer to cook there, and climbers use pressure cookers.',
    ],
  },
  {
    path: '/salt-myth',
    title: 'Does salt make water boil faster?',
    snippet: 'Salt raises the boiling point only slightly.',
    body: [
      'Dissolved salt raises the boiling point of water slightly, by a fraction of a degree for a spoon of salt in a pot.',
    ],
  },
] as const;

function pageHtml(page: (typeof WEB_SEARCH_PAGES)[number]): string {
  const paragraphs = page.body.map((p) => `<p>${p}</p>`).join('\n');
  return `<!doctype html><html><head><title>${page.title}</title></head><body><article><h1>${page.title}</h1>\n${paragraphs}\n</article></body></html>`;
}

export interface E2eWeb {
  searxng: SearxngFake;
  pages: PageServer;
  close(): Promise<void>;
}

/** Starts the fakes; the caller writes `searxngInstanceUrl: searxng.url` and `allowedAddresses: [pages.hostPort]`. */
export async function startE2eWeb(): Promise<E2eWeb> {
  const pages = await startPageServer(Object.fromEntries(WEB_SEARCH_PAGES.map((p) => [p.path, { html: pageHtml(p) }])));
  const searxng = await startSearxngFake({
    results: WEB_SEARCH_PAGES.map((p) => ({ title: p.title, url: pages.urlFor(p.path), content: p.snippet })),
  });
  return { searxng, pages, close: async () => void (await Promise.all([searxng.close(), pages.close()])) };
}

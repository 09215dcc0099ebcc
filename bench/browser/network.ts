/**
 * Bytes on the wire for a page load, from the Chrome DevTools Protocol's Network domain:
 * `encodedDataLength` of each finished request is what crossed the connection (headers and the
 * body as sent, compressed when the server compressed it; a response from the memory or disk
 * cache counts 0, a revalidation its 304). The response's own `encodedDataLength` when it arrives
 * is its headers' bytes: without them, the bodies compare with the build's compressed sizes (over
 * HTTP/1.1 each response's headers, ~1.1 KB with the security headers, are sent uncompressed).
 */
import type { CDPSession, Page } from 'playwright-core';

interface Transfer {
  type: string;
  url: string;
  bytes: number;
  headerBytes: number;
  fromCache: boolean;
  encoding: string;
  done: boolean;
}

export interface TransferTotals {
  requests: number;
  fromCache: number;
  totalKb: number;
  jsKb: number;
  /** The scripts' bodies alone, as compressed on the wire. */
  jsBodyKb: number;
  /** Content-Encoding of the scripts that came over the network ("none" when uncompressed). */
  jsEncodings: string;
  /** The three biggest scripts on the wire, "name KB" each. */
  largestScripts: string;
}

export class NetworkMeter {
  private transfers = new Map<string, Transfer>();
  private lastActivity = Date.now();

  private constructor(cdp: CDPSession) {
    cdp.on('Network.requestWillBeSent', (e) => {
      this.lastActivity = Date.now();
      this.transfers.set(e.requestId, {
        type: e.type ?? 'Other',
        url: e.request.url,
        bytes: 0,
        headerBytes: 0,
        fromCache: false,
        encoding: '',
        done: false,
      });
    });
    cdp.on('Network.requestServedFromCache', (e) => this.update(e.requestId, { fromCache: true }));
    cdp.on('Network.responseReceived', (e) => {
      const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
      const transfer = this.transfers.get(e.requestId);
      this.update(e.requestId, {
        fromCache: !!(transfer?.fromCache || e.response.fromDiskCache || e.response.fromPrefetchCache),
        encoding: String(headers['content-encoding'] ?? 'none'),
        headerBytes: e.response.encodedDataLength ?? 0,
      });
    });
    cdp.on('Network.loadingFinished', (e) => this.update(e.requestId, { bytes: e.encodedDataLength, done: true }));
    cdp.on('Network.loadingFailed', (e) => this.update(e.requestId, { done: true }));
  }

  static async attach(page: Page): Promise<NetworkMeter> {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    return new NetworkMeter(cdp);
  }

  private update(requestId: string, patch: Partial<Transfer>) {
    const transfer = this.transfers.get(requestId);
    if (!transfer) return;
    Object.assign(transfer, patch);
    this.lastActivity = Date.now();
  }

  /** Forgets what was counted so far (call before a navigation). */
  reset() {
    this.transfers.clear();
    this.lastActivity = Date.now();
  }

  /**
   * Waits until nothing has been in flight for `quietMs` (the page's first load, lazy chunks and
   * its first API calls included; long-lived streams are not waited for after `maxMs`).
   */
  async settle(quietMs = 500, maxMs = 5_000): Promise<void> {
    const deadline = Date.now() + maxMs;
    while (Date.now() < deadline) {
      const pending = [...this.transfers.values()].some((t) => !t.done);
      if (!pending && Date.now() - this.lastActivity >= quietMs) return;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  totals(): TransferTotals {
    const all = [...this.transfers.values()];
    const scripts = all.filter((t) => t.type === 'Script');
    const kb = (list: Transfer[]) => list.reduce((sum, t) => sum + t.bytes, 0) / 1024;
    return {
      requests: all.length,
      fromCache: all.filter((t) => t.fromCache).length,
      totalKb: kb(all),
      jsKb: kb(scripts),
      jsBodyKb: scripts.reduce((sum, t) => sum + Math.max(0, t.bytes - t.headerBytes), 0) / 1024,
      jsEncodings: [...new Set(scripts.filter((t) => !t.fromCache).map((t) => t.encoding))].join(', ') || '—',
      largestScripts: [...scripts]
        .sort((a, b) => b.bytes - a.bytes)
        .slice(0, 3)
        .filter((t) => t.bytes > 0)
        .map((t) => `${t.url.split('/').pop()} ${Math.round(t.bytes / 1024)}`)
        .join(', '),
    };
  }
}

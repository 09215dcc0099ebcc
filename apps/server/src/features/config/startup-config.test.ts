import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

describe('GET /api/config: the audience and the analytics container', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('says nothing of either when neither is configured', async () => {
    server = await startTestServer();
    const config = (await (await fetch(`${server.baseUrl}/api/config`)).json()) as Record<string, unknown>;
    expect(config).not.toHaveProperty('audience');
    expect(config).not.toHaveProperty('analyticsGtmId');
    expect(String((await fetch(`${server.baseUrl}/api/config`)).headers.get('content-security-policy'))).not.toContain(
      'googletagmanager',
    );
  });

  it('tells the web the video audience (its landing line) and the Tag Manager id from ANALYTICS_GTM_ID', async () => {
    server = await startTestServer({ config: { audience: 'video' }, env: { ANALYTICS_GTM_ID: 'GTM-ABC123' } });
    const config = (await (await fetch(`${server.baseUrl}/api/config`)).json()) as Record<string, unknown>;
    expect(config).toMatchObject({ audience: 'video', analyticsGtmId: 'GTM-ABC123' });
    // The page may then load the container's script and send to Google Analytics, and nothing else more.
    const csp = String((await fetch(`${server.baseUrl}/api/config`)).headers.get('content-security-policy'));
    expect(csp).toMatch(/script-src 'self' https:\/\/www\.googletagmanager\.com;/);
    expect(csp).toContain('https://*.google-analytics.com');
  });

  it("gives the custom footer from interface.customFooter, also at the top where LibreChat's client reads it", async () => {
    const customFooter = '[Help](https://help.example.com) | Run by Example';
    server = await startTestServer({ config: { interface: { customFooter } } });
    const config = (await (await fetch(`${server.baseUrl}/api/config`)).json()) as Record<string, unknown>;
    expect(config).toMatchObject({ customFooter, interface: { customFooter } });
  });

  it("takes LibreChat's CUSTOM_FOOTER over the YAML's, and an empty one hides the footer text", async () => {
    const customFooter = '[Status](https://status.example.com) | Hosted by Example';
    server = await startTestServer({
      config: { interface: { customFooter: 'from the YAML' } },
      env: { CUSTOM_FOOTER: customFooter },
    });
    let config = (await (await fetch(`${server.baseUrl}/api/config`)).json()) as Record<string, unknown>;
    expect(config).toMatchObject({ customFooter, interface: { customFooter } });
    await server.close();
    server = await startTestServer({ env: { CUSTOM_FOOTER: '' } });
    config = (await (await fetch(`${server.baseUrl}/api/config`)).json()) as Record<string, unknown>;
    expect(config).toMatchObject({ customFooter: '', interface: { customFooter: '' } });
  });

  it('has no custom footer when none is configured', async () => {
    server = await startTestServer();
    const config = (await (await fetch(`${server.baseUrl}/api/config`)).json()) as { interface: object };
    expect(config).not.toHaveProperty('customFooter');
    expect(config.interface).not.toHaveProperty('customFooter');
  });
});

import { describe, expect, it } from 'vitest';
import { assertPublicUrl, isPublicAddress } from './egress.js';

describe('isPublicAddress', () => {
  it.each([
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['::1', false],
    ['fe80::1', false],
    ['fc00::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['64:ff9b::7f00:1', false],
    ['2002:7f00:1::', false],
    ['8.8.8.8', true],
    ['2606:4700:4700::1111', true],
    ['::ffff:8.8.8.8', true],
  ])('%s is public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe('assertPublicUrl', () => {
  it('refuses other schemes, credentials, literal private hosts and localhost names', async () => {
    await expect(assertPublicUrl('file:///etc/passwd')).rejects.toThrow(/http/);
    await expect(assertPublicUrl('http://user:pw@8.8.8.8/')).rejects.toThrow(/credentials/);
    await expect(assertPublicUrl('http://127.0.0.1:3080/api')).rejects.toThrow(/non-public/);
    await expect(assertPublicUrl('http://[::1]/')).rejects.toThrow(/non-public/);
    await expect(assertPublicUrl('http://localhost/')).rejects.toThrow(/non-public/);
    await expect(assertPublicUrl('not a url')).rejects.toThrow(/valid/);
  });
});

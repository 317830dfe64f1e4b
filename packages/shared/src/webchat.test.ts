import { describe, expect, it } from 'vitest';
import { siteOrigin, webchatSettingsInputSchema } from './schemas/webchat.js';

describe('web chat allowed sites', () => {
  it('reduces what a person types to the origin browsers send', () => {
    expect(siteOrigin('https://Shop.Example.com/products?x=1')).toBe('https://shop.example.com');
    expect(siteOrigin('http://localhost:8080/')).toBe('http://localhost:8080');
    expect(siteOrigin('https://example.com:443')).toBe('https://example.com');
    expect(siteOrigin('http://127.0.0.1:80')).toBe('http://127.0.0.1');
  });

  it('refuses what is not an http(s) site', () => {
    for (const bad of [
      'javascript:alert(1)',
      'example.com',
      'ftp://example.com',
      'https://user@example.com',
      'https://example.com:99999',
      '',
    ]) {
      expect(siteOrigin(bad), bad).toBeNull();
    }
  });

  it('keeps each site once, as an origin', () => {
    const parsed = webchatSettingsInputSchema.parse({ allowedSites: ['https://a.example/x', 'https://a.example', 'http://b.example'] });
    expect(parsed.allowedSites).toEqual(['https://a.example', 'http://b.example']);
    expect(webchatSettingsInputSchema.safeParse({ allowedSites: ['nope'] }).success).toBe(false);
    expect(webchatSettingsInputSchema.safeParse({ color: '#12345' }).success).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { runnableLanguage, toCodeLanguage } from './runnable-language';

describe('toCodeLanguage', () => {
  it('maps the fence names people write to LibreChat languages', () => {
    expect(toCodeLanguage('python')).toBe('py');
    expect(toCodeLanguage('Python3')).toBe('py');
    expect(toCodeLanguage('py')).toBe('py');
    expect(toCodeLanguage('JavaScript')).toBe('js');
    expect(toCodeLanguage('node')).toBe('js');
    expect(toCodeLanguage('typescript')).toBe('ts');
    expect(toCodeLanguage('c++')).toBe('cpp');
    expect(toCodeLanguage('rust')).toBe('rs');
  });

  it('has no language for prose, markup, JSX or nothing', () => {
    for (const name of ['tsx', 'jsx', 'html', 'json', 'bash', 'text', 'math', '', null, undefined])
      expect(toCodeLanguage(name)).toBeNull();
  });
});

describe('runnableLanguage', () => {
  it('offers the sandbox languages while the server has not said', () => {
    expect(runnableLanguage('python')).toBe('py');
    expect(runnableLanguage('js')).toBe('js');
    expect(runnableLanguage('ts')).toBe('ts');
    expect(runnableLanguage('go')).toBeNull();
  });

  it('follows the languages the server runs', () => {
    expect(runnableLanguage('go', ['py', 'go'])).toBe('go');
    expect(runnableLanguage('typescript', ['py'])).toBeNull();
  });
});

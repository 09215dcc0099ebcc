import { describe, expect, it } from 'vitest';
import { safeModelFileName } from './local-model-upload.js';

describe('safeModelFileName', () => {
  it('keeps a plain model name as it is', () => {
    expect(safeModelFileName('Qwen2.5-0.5B-Instruct Q4_K_M.gguf')).toBe('Qwen2.5-0.5B-Instruct Q4_K_M.gguf');
  });

  it('drops any folder part, whichever the separator', () => {
    expect(safeModelFileName('../../etc/evil.gguf')).toBe('evil.gguf');
    expect(safeModelFileName('C:\\models\\..\\win.gguf')).toBe('win.gguf');
  });

  it('replaces characters a file system or a URL trips on, and leading dots', () => {
    expect(safeModelFileName('a:b*c?"d"<e>|f%.gguf')).toBe('a_b_c__d__e__f_.gguf');
    expect(safeModelFileName('..hidden.gguf')).toBe('hidden.gguf');
  });

  it('refuses names that are no .gguf file', () => {
    for (const name of ['model.bin', 'model.gguf.exe', '.gguf', '', '../..'])
      expect(safeModelFileName(name)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { loadedRehypePlugins, pendingExtraFor } from './markdown-extras';

describe('markdown extras', () => {
  it('loads nothing for plain prose, and each extra only once for math or fenced code', async () => {
    expect(pendingExtraFor('Just words, **bold** and `inline code`.')).toBeNull();
    expect(loadedRehypePlugins()).toHaveLength(0);

    const math = pendingExtraFor('area \\(a^2\\)');
    expect(math).not.toBeNull();
    expect(pendingExtraFor('costs $5')).toBe(math);
    await math;
    expect(pendingExtraFor('$$x$$')).toBeNull();
    expect(loadedRehypePlugins()).toHaveLength(1);

    const code = pendingExtraFor('```ts\nconst a = 1;\n```');
    expect(code).not.toBeNull();
    await code;
    expect(pendingExtraFor('~~~py\nx\n~~~')).toBeNull();
    expect(loadedRehypePlugins()).toHaveLength(2);
  });
});

import { describe, expect, it } from 'vitest';
import { readExecuteCodeArgs } from './execute-code-args';

describe('readExecuteCodeArgs', () => {
  const whole = JSON.stringify({ lang: 'py', code: 'print("a\\tb")\nx = "\\"code\\": 1"\n# é ✓', args: ['--n'] });

  it('reads whole arguments, and stored ones', () => {
    expect(readExecuteCodeArgs(whole)).toEqual({ lang: 'py', code: 'print("a\\tb")\nx = "\\"code\\": 1"\n# é ✓' });
    expect(readExecuteCodeArgs('{}')).toEqual({ lang: '', code: '' });
    expect(readExecuteCodeArgs('')).toEqual({ lang: '', code: '' });
  });

  it('reads every prefix of streaming arguments as the code so far, never past it', () => {
    const { code } = readExecuteCodeArgs(whole);
    for (let end = 0; end <= whole.length; end++) {
      const read = readExecuteCodeArgs(whole.slice(0, end));
      expect(code.startsWith(read.code)).toBe(true);
      expect('py'.startsWith(read.lang)).toBe(true);
    }
    expect(readExecuteCodeArgs('{"lang":"py","code":"print(1)\\nprint(')).toEqual({
      lang: 'py',
      code: 'print(1)\nprint(',
    });
    // An escape cut in half waits for its next piece.
    expect(readExecuteCodeArgs('{"code":"a\\u00').code).toBe('a');
    expect(readExecuteCodeArgs('{"code":"a\\').code).toBe('a');
  });
});

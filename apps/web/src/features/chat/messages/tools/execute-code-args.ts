/** What an execute_code call shows of its arguments (LibreChat's `{lang, code, args}`). */
export interface ExecuteCodeArgs {
  /** LibreChat's short name (`py`, `js`, `ts`, ...); empty until the model has written it. */
  lang: string;
  code: string;
}

const ESCAPES: Readonly<Record<string, string>> = {
  n: '\n',
  t: '\t',
  r: '\r',
  b: '\b',
  f: '\f',
  '/': '/',
  '\\': '\\',
  '"': '"',
};

/**
 * The value of a string field in JSON that may still be streaming: decoded up to its closing
 * quote, or up to where the text ends (an escape cut in half is left for the next piece).
 */
function readPartialString(json: string, key: string): string | null {
  // Not a key quoted inside another string (`\"code\"` in the code itself).
  const start = new RegExp(`(?<!\\\\)"${key}"\\s*:\\s*"`).exec(json);
  if (!start) return null;
  let value = '';
  for (let i = start.index + start[0].length; i < json.length; i++) {
    const char = json[i] as string;
    if (char === '"') return value;
    if (char !== '\\') {
      value += char;
      continue;
    }
    const next = json[i + 1];
    if (next === undefined) return value;
    if (next === 'u') {
      const hex = json.slice(i + 2, i + 6);
      if (!/^[0-9a-fA-F]{4}$/.test(hex)) return value;
      value += String.fromCharCode(parseInt(hex, 16));
      i += 5;
    } else {
      value += ESCAPES[next] ?? next;
      i += 1;
    }
  }
  return value;
}

/**
 * The language and code of an execute_code call, from its arguments as they stream in pieces
 * (so the code shows while the model writes it) or whole.
 * @example readExecuteCodeArgs('{"lang":"py","code":"print(1)\\nprint(') // { lang: 'py', code: 'print(1)\nprint(' }
 */
export function readExecuteCodeArgs(args: string): ExecuteCodeArgs {
  try {
    const parsed: unknown = JSON.parse(args);
    if (typeof parsed === 'object' && parsed !== null) {
      const { lang, code } = parsed as Record<string, unknown>;
      return { lang: typeof lang === 'string' ? lang : '', code: typeof code === 'string' ? code : '' };
    }
  } catch {
    // Still streaming: read what has arrived.
  }
  return { lang: readPartialString(args, 'lang') ?? '', code: readPartialString(args, 'code') ?? '' };
}

/**
 * Variables in a saved prompt's text (SPEC 5 text templates; issue 36), as LibreChat writes them:
 * `{{current_date}}` and `{{current_user}}` are filled in by the app; any other `{{name}}` is
 * asked of the user, and `{{name:option1|option2}}` is asked as a choice among the options.
 * Anything else with braces (unbalanced, triple, empty, a name with odd characters) is text and
 * stays exactly as typed.
 */

/** A variable the user is asked for: its name, and the options to choose from (none: free text). */
export interface PromptVariable {
  name: string;
  options: string[];
}

/** A piece of a prompt's text: plain text, or a well-formed variable as it was typed (`raw`). */
export type PromptTextSegment =
  { type: 'text'; text: string } | { type: 'variable'; raw: string; name: string; options: string[] };

/** The variables the app fills in itself (matched case-insensitively, as LibreChat does). */
export const PROMPT_SPECIAL_VARIABLES = ['current_date', 'current_user'] as const;

/**
 * `{{...}}` not part of a longer run of braces, on one line, without braces inside. The body is
 * checked by `readVariableBody`; a body that fails the check is text.
 */
const VARIABLE_PATTERN = /(?<!\{)\{\{([^{}\n]+)\}\}(?!\})/g;
/** A name: letters, digits, `_`, then also spaces, `.` and `-` (a name of words reads well in the dialog). */
const NAME_PATTERN = /^[\p{L}\p{N}_][\p{L}\p{N}_ .-]*$/u;

function readVariableBody(body: string): { name: string; options: string[] } | null {
  const colon = body.indexOf(':');
  const name = (colon < 0 ? body : body.slice(0, colon)).trim();
  if (!NAME_PATTERN.test(name)) return null;
  if (colon < 0) return { name, options: [] };
  const options = body
    .slice(colon + 1)
    .split('|')
    .map((option) => option.trim())
    .filter((option) => option.length > 0);
  // `{{name:}}` or `{{name:|}}` names no option: not a variable.
  return options.length > 0 ? { name, options: [...new Set(options)] } : null;
}

function isSpecialName(name: string): boolean {
  const lower = name.toLowerCase();
  return PROMPT_SPECIAL_VARIABLES.some((special) => special === lower);
}

/**
 * The text cut into plain text and well-formed variables, in order; joined back (a variable by
 * its `raw`), the pieces are the text.
 *
 * @example splitPromptText('Hi {{name}}!') // [text 'Hi ', variable 'name', text '!']
 */
export function splitPromptText(text: string): PromptTextSegment[] {
  const segments: PromptTextSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(VARIABLE_PATTERN)) {
    const variable = readVariableBody(match[1] ?? '');
    if (!variable) continue;
    const index = match.index;
    if (index > last) segments.push({ type: 'text', text: text.slice(last, index) });
    segments.push({ type: 'variable', raw: match[0], ...variable });
    last = index + match[0].length;
  }
  if (last < text.length) segments.push({ type: 'text', text: text.slice(last) });
  return segments;
}

/**
 * The variables to ask the user for, in the order they first appear, each once (a name used
 * twice is one question). `{{current_date}}` and `{{current_user}}` are not asked. A name that
 * appears both plain and with options is asked as a choice among its first list of options.
 *
 * @example findPromptVariables('{{tone:formal|casual}} note for {{name}} on {{current_date}}')
 * // [{ name: 'tone', options: ['formal', 'casual'] }, { name: 'name', options: [] }]
 */
export function findPromptVariables(text: string): PromptVariable[] {
  const byName = new Map<string, PromptVariable>();
  for (const segment of splitPromptText(text)) {
    if (segment.type !== 'variable' || isSpecialName(segment.name)) continue;
    const known = byName.get(segment.name);
    if (!known) byName.set(segment.name, { name: segment.name, options: segment.options });
    else if (known.options.length === 0 && segment.options.length > 0) known.options = segment.options;
  }
  return [...byName.values()];
}

/**
 * SPEC 5's `current_date`: the day in the user's time zone as yyyy-MM-dd (LibreChat appends the
 * weekday; we do not).
 *
 * @example formatPromptDate(new Date(2026, 0, 5)) // '2026-01-05'
 */
export function formatPromptDate(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${String(date.getFullYear()).padStart(4, '0')}-${month}-${day}`;
}

export interface PromptFillContext {
  /** The answers to `findPromptVariables`, by name; a variable without one stays as typed. */
  values?: Readonly<Record<string, string>>;
  /** The moment `{{current_date}}` stands for. */
  now: Date;
  /** The user's name for `{{current_user}}`. */
  userName: string;
}

/**
 * The text with its variables filled in, in one pass: a value that itself contains `{{...}}` is
 * inserted as it is, never read as a variable again.
 *
 * @example fillPromptText('Dear {{who}}, {{current_date}}', { values: { who: 'Ann' }, now, userName: 'Bo' })
 * // 'Dear Ann, 2026-01-05'
 */
export function fillPromptText(text: string, { values = {}, now, userName }: PromptFillContext): string {
  return splitPromptText(text)
    .map((segment) => {
      if (segment.type === 'text') return segment.text;
      const special = segment.name.toLowerCase();
      if (special === 'current_date') return formatPromptDate(now);
      if (special === 'current_user') return userName;
      return Object.hasOwn(values, segment.name) ? (values[segment.name] ?? segment.raw) : segment.raw;
    })
    .join('');
}

import { existsSync, readFileSync } from 'node:fs';
import { parse as parseYaml, YAMLParseError } from 'yaml';
import { parseEndpointSections } from '../providers/endpoint-sections.js';
import { configSchema, type AppConfig } from './config-schema.js';

export class ConfigError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`Invalid configuration in ${file}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** `${VAR}` references are resolved from the environment, as librechat.yaml allows. */
function interpolateEnv(value: unknown, env: NodeJS.ProcessEnv): unknown {
  if (typeof value === 'string') {
    return value.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name: string) => env[name] ?? whole);
  }
  if (Array.isArray(value)) return value.map((v) => interpolateEnv(v, env));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolateEnv(v, env)]));
  }
  return value;
}

function checkUrls(config: AppConfig): string[] {
  const problems: string[] = [];
  config.endpoints?.custom?.forEach((c, i) => {
    if (c.baseURL === 'user_provided') return;
    try {
      const url = new URL(c.baseURL);
      if (!['http:', 'https:'].includes(url.protocol)) throw new Error('scheme');
    } catch {
      problems.push(`endpoints.custom.${i}.baseURL: "${c.baseURL}" is not a valid http(s) URL`);
    }
  });
  return problems;
}

/** Validates a parsed YAML document; throws ConfigError listing every problem with its path. */
export function validateConfig(raw: unknown, file = 'config', env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = configSchema.safeParse(interpolateEnv(raw ?? {}, env));
  if (!parsed.success) {
    throw new ConfigError(
      file,
      parsed.error.issues.map((i) => `${i.path.length ? i.path.join('.') : '(root)'}: ${i.message}`),
    );
  }
  const urlProblems = checkUrls(parsed.data);
  if (urlProblems.length) throw new ConfigError(file, urlProblems);
  // The built-in families' sections are checked where their meaning lives.
  parseEndpointSections(parsed.data.endpoints, file);
  return parsed.data;
}

/** Reads the YAML file; a missing file means "all defaults". */
export function loadConfig(path: string, env: NodeJS.ProcessEnv = process.env): AppConfig {
  if (!existsSync(path)) return validateConfig({}, path, env);
  let raw: unknown;
  try {
    raw = parseYaml(readFileSync(path, 'utf8'));
  } catch (err) {
    const reason = err instanceof YAMLParseError ? err.message : String(err);
    throw new ConfigError(path, [`(yaml): ${reason}`]);
  }
  return validateConfig(raw, path, env);
}

import type { OpenAPIV3 } from 'openapi-types';
import { parse as parseYaml } from 'yaml';
import type { ToolInputSchema } from '../tools/tool-types.js';

/** LibreChat's delimiter between an action operation's name and its domain. */
export const ACTION_DELIMITER = '_action_';

export class ActionSpecError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ActionSpecError';
  }
}

export type ParamLocation = 'path' | 'query' | 'header' | 'cookie';

/** One operation of a spec: one tool. */
export interface ActionOperation {
  /** operationId, or LibreChat's `{method}_{path}`, without characters a tool name cannot hold. */
  operationId: string;
  description: string;
  method: string;
  path: string;
  params: { name: string; in: ParamLocation }[];
  /** The request body's media type when the operation takes one. */
  bodyContentType?: string | undefined;
  /** True when the body schema is not an object: the arguments carry it as `body`. */
  isWholeBody: boolean;
  inputSchema: ToolInputSchema;
}

export interface ParsedActionSpec {
  /** servers[0].url with its variables at their defaults. */
  serverUrl: string;
  /** The server's host name: what the allowlist and the tool names use. */
  domain: string;
  operations: ActionOperation[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** The domain as tool names carry it (dots and anything else a name cannot hold become `_`). */
export const encodeDomain = (domain: string): string => domain.replace(/[^a-zA-Z0-9_-]/g, '_');
export const actionToolName = (operationId: string, domain: string): string =>
  `${operationId}${ACTION_DELIMITER}${encodeDomain(domain)}`;

function readDocument(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    try {
      return parseYaml(raw, { maxAliasCount: 100 });
    } catch {
      throw new ActionSpecError('The spec is neither valid JSON nor valid YAML.');
    }
  }
}

/** Every `$ref` must point inside the document: nothing is fetched on a user's behalf. */
function findExternalRef(node: unknown, depth = 0): string | undefined {
  if (depth > 200 || !node || typeof node !== 'object') return undefined;
  if (Array.isArray(node)) {
    for (const item of node) {
      const found = findExternalRef(item, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string' && !value.startsWith('#')) return value;
    const found = findExternalRef(value, depth + 1);
    if (found) return found;
  }
  return undefined;
}

function serverUrlOf(doc: OpenAPIV3.Document): URL {
  const server = doc.servers?.[0];
  if (!server?.url) throw new ActionSpecError('Could not find a valid URL in `servers`');
  const filled = server.url.replace(
    /\{([^}]+)\}/g,
    (whole, name: string) => server.variables?.[name]?.default ?? whole,
  );
  let url: URL;
  try {
    url = new URL(filled);
  } catch {
    throw new ActionSpecError(`The server URL "${server.url}" is not an absolute URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new ActionSpecError('The server URL must be http or https');
  return url;
}

const sanitizeName = (value: string): string => value.replace(/[^a-zA-Z0-9_-]/g, '');

function operationOf(
  path: string,
  method: string,
  op: OpenAPIV3.OperationObject,
  shared: OpenAPIV3.ParameterObject[],
): ActionOperation {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  const params: ActionOperation['params'] = [];
  // Operation-level parameters override path-level ones of the same name and place.
  const byKey = new Map<string, OpenAPIV3.ParameterObject>();
  for (const p of [...shared, ...((op.parameters ?? []) as OpenAPIV3.ParameterObject[])])
    byKey.set(`${p.in}:${p.name}`, p);
  for (const p of byKey.values()) {
    if (!p.name || !['path', 'query', 'header', 'cookie'].includes(p.in)) continue;
    params.push({ name: p.name, in: p.in as ParamLocation });
    properties[p.name] = {
      ...((p.schema as object | undefined) ?? { type: 'string' }),
      ...(p.description ? { description: p.description } : {}),
    };
    if (p.required || p.in === 'path') required.push(p.name);
  }
  let bodyContentType: string | undefined;
  let isWholeBody = false;
  const body = op.requestBody as OpenAPIV3.RequestBodyObject | undefined;
  if (body?.content) {
    bodyContentType = Object.keys(body.content).find((t) => t.includes('json')) ?? Object.keys(body.content)[0];
    const schema = (bodyContentType ? body.content[bodyContentType]?.schema : undefined) as
      OpenAPIV3.SchemaObject | undefined;
    if (schema && (schema.type === 'object' || schema.properties) && !schema.oneOf && !schema.anyOf) {
      for (const [name, value] of Object.entries(schema.properties ?? {}))
        if (!(name in properties)) properties[name] = value;
      for (const name of schema.required ?? []) if (!required.includes(name)) required.push(name);
    } else if (schema) {
      isWholeBody = true;
      properties.body = schema;
      if (body.required) required.push('body');
    }
  }
  const operationId = sanitizeName(op.operationId ?? `${method}_${path}`);
  return {
    operationId,
    description: op.summary ?? op.description ?? '',
    method,
    path,
    params,
    bodyContentType,
    isWholeBody,
    inputSchema: { type: 'object', properties, ...(required.length ? { required } : {}) },
  };
}

/**
 * Reads a pasted OpenAPI 3 spec (JSON or YAML): validated with @readme/openapi-parser, local
 * `$ref`s resolved, remote ones refused (never fetched), every operation an ActionOperation.
 */
export async function parseActionSpec(raw: string): Promise<ParsedActionSpec> {
  const doc = readDocument(raw);
  if (!doc || typeof doc !== 'object' || Array.isArray(doc))
    throw new ActionSpecError('The spec must be an OpenAPI document (an object).');
  const version = (doc as { openapi?: unknown }).openapi;
  if (typeof version !== 'string' || !version.startsWith('3.'))
    throw new ActionSpecError('Only OpenAPI 3 specs are supported (the `openapi` field must be 3.x).');
  const external = findExternalRef(doc);
  if (external)
    throw new ActionSpecError(
      `The spec refers to an external document ("${external}"); only references inside the spec are allowed.`,
    );
  // Loaded by the first spec read rather than at start (about 10 MB a server without actions need not keep).
  const { dereference, validate } = await import('@readme/openapi-parser');
  const options = {
    resolve: { external: false, file: false },
    dereference: { circular: 'ignore' as const },
    timeoutMs: 5_000,
  };
  const result = await validate(structuredClone(doc) as OpenAPIV3.Document, options).catch((err: unknown) => {
    throw new ActionSpecError(`Invalid OpenAPI spec: ${err instanceof Error ? err.message : String(err)}`);
  });
  if (!result.valid) {
    const first = result.errors.slice(0, 3).map((e) => e.message.trim());
    throw new ActionSpecError(`Invalid OpenAPI spec: ${first.join('; ')}`);
  }
  const api = (await dereference(structuredClone(doc) as OpenAPIV3.Document, options)) as OpenAPIV3.Document;
  const url = serverUrlOf(api);
  const operations: ActionOperation[] = [];
  for (const [path, item] of Object.entries(api.paths)) {
    if (!item) continue;
    const shared = (item.parameters ?? []) as OpenAPIV3.ParameterObject[];
    for (const method of METHODS) {
      const op = item[method];
      if (op) operations.push(operationOf(path, method, op, shared));
    }
  }
  if (!operations.length) throw new ActionSpecError('No paths found in the OpenAPI spec.');
  const names = new Set<string>();
  for (const op of operations) {
    if (!op.operationId)
      throw new ActionSpecError(`The operation ${op.method.toUpperCase()} ${op.path} has no usable name.`);
    if (names.has(op.operationId)) throw new ActionSpecError(`Two operations are named "${op.operationId}".`);
    names.add(op.operationId);
  }
  const serverUrl = url.href.replace(/\/$/, '');
  return { serverUrl, domain: url.hostname.toLowerCase(), operations };
}

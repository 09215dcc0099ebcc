import type { ContentPart } from '@confab/shared';

/** SPEC 3, Tool call: what a `tool_call` content part carries. */
export interface ToolCall {
  id: string;
  name: string;
  /** The arguments as the model wrote them: JSON text, streamed in chunks. */
  args: string;
  output?: string;
  /** 0 to 1; below 1 the call is running. */
  progress?: number;
  /** A sign-in URL when the tool needs the user's OAuth consent. */
  auth?: string;
  expires_at?: number;
  type?: string;
}

export interface ToolCallPart {
  type: 'tool_call';
  tool_call: ToolCall;
}

/** SPEC 4: a tool call starts at 0.1 progress. */
export const INITIAL_TOOL_PROGRESS = 0.1;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function asString(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  // Stored parts may hold parsed arguments; show them as the JSON the model wrote.
  if (isObject(value) || Array.isArray(value)) return JSON.stringify(value);
  return undefined;
}

/** The tool call of a content part, read defensively (stored parts come from the server). */
export function readToolCall(part: ContentPart): ToolCall | null {
  if (part.type !== 'tool_call') return null;
  const raw = (part as { tool_call?: unknown }).tool_call;
  if (!isObject(raw)) return null;
  return {
    id: typeof raw.id === 'string' ? raw.id : '',
    name: typeof raw.name === 'string' ? raw.name : '',
    args: asString(raw.args) ?? '',
    ...(raw.output !== undefined && raw.output !== null ? { output: asString(raw.output) ?? String(raw.output) } : {}),
    ...(typeof raw.progress === 'number' ? { progress: raw.progress } : {}),
    ...(typeof raw.auth === 'string' ? { auth: raw.auth } : {}),
    ...(typeof raw.expires_at === 'number' ? { expires_at: raw.expires_at } : {}),
    ...(typeof raw.type === 'string' ? { type: raw.type } : {}),
  };
}

function toPart(call: ToolCall): ContentPart {
  return { type: 'tool_call', tool_call: { ...call } };
}

/** Where the tool call with this id sits in the parts, or -1. */
function indexOfCall(parts: readonly ContentPart[], id: string): number {
  if (!id) return -1;
  return parts.findIndex((p) => readToolCall(p)?.id === id);
}

/** Replaces the call with the same id, or appends it (parts stay in the order events came). */
function upsertCall(parts: readonly ContentPart[], call: ToolCall): ContentPart[] {
  const at = indexOfCall(parts, call.id);
  if (at < 0) return [...parts, toPart(call)];
  const next = [...parts];
  next[at] = toPart(call);
  return next;
}

/**
 * The tool calls of each run step, by step id, so a `on_run_step_delta` (which names the step
 * and a call's index within it) finds its call. Kept beside the parts while the reply streams.
 */
export type ToolSteps = Record<string, string[]>;

export interface ToolCallState {
  parts: ContentPart[];
  steps: ToolSteps;
}

/** `on_run_step` with tool_calls: each call becomes a running part with empty args. */
function applyRunStep(state: ToolCallState, data: Record<string, unknown>): ToolCallState {
  const details = data.stepDetails;
  if (!isObject(details) || details.type !== 'tool_calls' || !Array.isArray(details.tool_calls)) return state;
  const stepId = typeof data.id === 'string' ? data.id : '';
  let parts = state.parts;
  const ids: string[] = [];
  for (const raw of details.tool_calls) {
    if (!isObject(raw)) continue;
    const id = typeof raw.id === 'string' ? raw.id : `${stepId}:${ids.length}`;
    ids.push(id);
    const existing = parts[indexOfCall(parts, id)];
    const before = existing ? readToolCall(existing) : null;
    parts = upsertCall(parts, {
      id,
      name: typeof raw.name === 'string' ? raw.name : (before?.name ?? ''),
      args: before?.args ?? asString(raw.args) ?? '',
      progress: before?.progress ?? INITIAL_TOOL_PROGRESS,
      type: 'tool_call',
      ...(typeof raw.auth === 'string' ? { auth: raw.auth } : {}),
    });
  }
  return { parts, steps: stepId ? { ...state.steps, [stepId]: ids } : state.steps };
}

function lastRunningCallIds(parts: readonly ContentPart[]): string[] {
  for (let i = parts.length - 1; i >= 0; i--) {
    const call = readToolCall(parts[i] as ContentPart);
    if (call && (call.progress ?? 1) < 1) return [call.id];
  }
  return [];
}

/** `on_run_step_delta`: argument chunks appended to their call; an auth URL when sign-in is needed; a running call's progress. */
function applyRunStepDelta(state: ToolCallState, data: Record<string, unknown>): ToolCallState {
  const delta = data.delta;
  const stepId = typeof data.id === 'string' ? data.id : '';
  if (!isObject(delta)) return state;
  let parts = state.parts;
  // A reply rejoined after a reload may not have seen the step start: its running call then.
  const ids = state.steps[stepId] ?? lastRunningCallIds(parts);
  const chunks = Array.isArray(delta.tool_calls) ? delta.tool_calls : [];
  chunks.forEach((chunk, i) => {
    if (!isObject(chunk)) return;
    const position = typeof chunk.index === 'number' ? chunk.index : i;
    const id = (typeof chunk.id === 'string' && chunk.id) || ids[position] || ids[0];
    if (!id) return;
    const at = indexOfCall(parts, id);
    const current = at >= 0 ? readToolCall(parts[at] as ContentPart) : null;
    const call: ToolCall = current ?? {
      id,
      name: typeof chunk.name === 'string' ? chunk.name : '',
      args: '',
      progress: INITIAL_TOOL_PROGRESS,
      type: 'tool_call',
    };
    parts = upsertCall(parts, { ...call, args: call.args + (typeof chunk.args === 'string' ? chunk.args : '') });
  });
  if (typeof delta.auth === 'string') {
    const expires = typeof delta.expires_at === 'number' ? { expires_at: delta.expires_at } : {};
    for (const id of ids) {
      const at = indexOfCall(parts, id);
      const current = at >= 0 ? readToolCall(parts[at] as ContentPart) : null;
      if (current) parts = upsertCall(parts, { ...current, auth: delta.auth, ...expires });
    }
  }
  // A running tool's progress (issue 39's video renders): only forward, never done before its result.
  if (typeof delta.progress === 'number') {
    for (const id of ids) {
      const at = indexOfCall(parts, id);
      const current = at >= 0 ? readToolCall(parts[at] as ContentPart) : null;
      if (current && (current.progress ?? 1) < 1 && delta.progress > (current.progress ?? 0))
        parts = upsertCall(parts, { ...current, progress: Math.min(0.99, delta.progress) });
    }
  }
  return { ...state, parts };
}

/** `on_run_step_completed`: the call with its output and progress 1 replaces the running one. */
function applyRunStepCompleted(state: ToolCallState, data: Record<string, unknown>): ToolCallState {
  const result = data.result;
  if (!isObject(result) || !isObject(result.tool_call)) return state;
  const done = readToolCall({ type: 'tool_call', tool_call: result.tool_call });
  if (!done) return state;
  const at = indexOfCall(state.parts, done.id);
  const before = at >= 0 ? readToolCall(state.parts[at] as ContentPart) : null;
  const call: ToolCall = {
    ...before,
    ...done,
    name: done.name || before?.name || '',
    args: done.args || before?.args || '',
    progress: done.progress ?? 1,
  };
  // Sign-in is over once the call is done.
  delete call.auth;
  delete call.expires_at;
  return { ...state, parts: upsertCall(state.parts, call) };
}

/** `on_agent_update`: the agent answering from here on (a handoff), as an `agent_update` part. */
function applyAgentUpdate(state: ToolCallState, data: Record<string, unknown>): ToolCallState {
  const update = isObject(data.agent_update) ? data.agent_update : data;
  if (typeof update.agentId !== 'string') return state;
  const part = { type: 'agent_update', agent_update: { ...update } } as ContentPart;
  return { ...state, parts: [...state.parts, part] };
}

/** Applies one tool-related run event (LibreChat's agent events) to the reply's parts. Pure. */
export function applyToolEvent(state: ToolCallState, event: string, data: unknown): ToolCallState {
  if (!isObject(data)) return state;
  switch (event) {
    case 'on_run_step':
      return applyRunStep(state, data);
    case 'on_run_step_delta':
      return applyRunStepDelta(state, data);
    case 'on_run_step_completed':
      return applyRunStepCompleted(state, data);
    case 'on_agent_update':
      return applyAgentUpdate(state, data);
    default:
      return state;
  }
}

/** The agent an `agent_update` part names. */
export function readAgentUpdate(part: ContentPart): string | null {
  if (part.type !== 'agent_update') return null;
  const raw = (part as { agent_update?: unknown; agentId?: unknown }).agent_update;
  if (isObject(raw) && typeof raw.agentId === 'string') return raw.agentId;
  const flat = (part as { agentId?: unknown }).agentId;
  return typeof flat === 'string' ? flat : null;
}

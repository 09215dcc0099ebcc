import { stepCountIs, streamText, tool, type LanguageModel } from 'ai';
import { z } from 'zod';

/**
 * The AI SDK tool loop the simulator tests run against every vendor: one `get_weather` tool
 * with a zod schema and an `execute`, `stopWhen: stepCountIs(3)`, and the stream read part by
 * part so a test can see streamed arguments, calls, results and the final text.
 */

export const WEATHER_ARGS = { city: 'Paris', unit: 'celsius' } as const;
export const weatherOutput = (city: string, unit: string) => ({ city, unit, temperature: 21 });

/** The `get_weather` tool; `executed` collects the arguments of each call. */
export const createWeatherTools = (executed: unknown[]) => ({
  get_weather: tool({
    description: 'The current weather of a city',
    inputSchema: z.object({ city: z.string(), unit: z.enum(['celsius', 'fahrenheit']) }),
    execute: async (input) => {
      executed.push(input);
      return weatherOutput(input.city, input.unit);
    },
  }),
});

export interface ToolLoopOutcome {
  /** Arguments `execute` received, one entry per call. */
  executed: unknown[];
  /** Ids of `tool-input-start` parts. */
  inputStarts: string[];
  /** Texts of `tool-input-delta` parts, in order. */
  inputDeltas: string[];
  toolCalls: { toolCallId: string; toolName: string; input: unknown }[];
  toolResults: { toolCallId: string; output: unknown }[];
  text: string;
  errors: unknown[];
  steps: number;
  finishReason: string;
}

export async function runWeatherToolLoop(
  model: LanguageModel,
  options: { maxSteps?: number; providerOptions?: Parameters<typeof streamText>[0]['providerOptions'] } = {},
): Promise<ToolLoopOutcome> {
  const executed: unknown[] = [];
  const result = streamText({
    model,
    prompt: 'What is the weather in Paris?',
    maxRetries: 0,
    stopWhen: stepCountIs(options.maxSteps ?? 3),
    providerOptions: options.providerOptions,
    onError: () => {},
    tools: createWeatherTools(executed),
  });
  const out: Omit<ToolLoopOutcome, 'steps' | 'finishReason'> = {
    executed,
    inputStarts: [],
    inputDeltas: [],
    toolCalls: [],
    toolResults: [],
    text: '',
    errors: [],
  };
  for await (const part of result.fullStream) {
    if (part.type === 'text-delta') out.text += part.text;
    else if (part.type === 'tool-input-start') out.inputStarts.push(part.id);
    else if (part.type === 'tool-input-delta') out.inputDeltas.push(part.delta);
    else if (part.type === 'tool-call')
      out.toolCalls.push({ toolCallId: part.toolCallId, toolName: part.toolName, input: part.input });
    else if (part.type === 'tool-result') out.toolResults.push({ toolCallId: part.toolCallId, output: part.output });
    else if (part.type === 'error') out.errors.push(part.error);
  }
  return { ...out, steps: (await result.steps).length, finishReason: await result.finishReason };
}

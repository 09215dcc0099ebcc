import { describe, expect, it } from 'vitest';
import {
  applyParameterRules,
  clampParameter,
  getBedrockSubProvider,
  getParameterDefaults,
  getParameterDefinitions,
  isLongOutputClaude,
  supportsClaudeThinking,
} from './parameters.js';

describe('getParameterDefaults (SPEC 5 table)', () => {
  it('openAI, azureOpenAI and custom share one table', () => {
    const expected = {
      temperature: 1,
      top_p: 1,
      presence_penalty: 0,
      frequency_penalty: 0,
      imageDetail: 'auto',
      reasoning_effort: 'medium',
      resendFiles: true,
    };
    expect(getParameterDefaults('openAI', 'gpt-4o')).toEqual(expected);
    expect(getParameterDefaults('azureOpenAI', 'gpt-4o')).toEqual(expected);
    expect(getParameterDefaults('custom', 'llama3')).toEqual(expected);
  });

  it('google', () => {
    expect(getParameterDefaults('google', 'gemini-1.5-flash-latest')).toEqual({
      maxOutputTokens: 8192,
      temperature: 1,
      topP: 0.95,
      topK: 40,
      resendFiles: true,
    });
  });

  it('anthropic: 8192 output tokens for 3.5 Sonnet, 3.7 and Claude 4; 4096 for legacy models', () => {
    const current = getParameterDefaults('anthropic', 'claude-3-5-sonnet-latest');
    expect(current).toMatchObject({
      temperature: 1,
      topP: 0.7,
      topK: 5,
      maxOutputTokens: 8192,
      thinking: true,
      thinkingBudget: 2000,
      promptCache: true,
    });
    expect(getParameterDefaults('anthropic', 'claude-3-7-sonnet-20250219').maxOutputTokens).toBe(8192);
    expect(getParameterDefaults('anthropic', 'claude-sonnet-4-20250514').maxOutputTokens).toBe(8192);
    expect(getParameterDefaults('anthropic', 'claude-3-opus-20240229').maxOutputTokens).toBe(4096);
    expect(getParameterDefaults('anthropic', 'claude-3-5-haiku-latest').maxOutputTokens).toBe(4096);
  });

  it.each([
    ['anthropic.claude-3-5-sonnet-20241022-v2:0', 1, 0.999],
    ['us.anthropic.claude-3-7-sonnet-20250219-v1:0', 1, 0.999],
    ['mistral.mistral-large-2407-v1:0', 0.7, 0.9],
    ['cohere.command-r-plus-v1:0', 0.3, 0.75],
    ['meta.llama3-1-70b-instruct-v1:0', 0.5, 0.9],
    ['ai21.jamba-1-5-large-v1:0', 0.5, 0.9],
    ['amazon.nova-pro-v1:0', 0.5, 0.9],
    ['us.deepseek.r1-v1:0', 0.5, 0.9],
  ])('bedrock %s: temperature %d, topP %d', (model, temperature, topP) => {
    expect(getParameterDefaults('bedrock', model)).toMatchObject({ temperature, topP });
  });
});

describe('getParameterDefinitions', () => {
  it('bedrock topK is 0-500; cohere topP 0.01-0.99', () => {
    const topK = getParameterDefinitions('bedrock', 'meta.llama3-1-8b-instruct-v1:0').find((d) => d.key === 'topK');
    expect(topK).toMatchObject({ min: 0, max: 500 });
    const topP = getParameterDefinitions('bedrock', 'cohere.command-r-v1:0').find((d) => d.key === 'topP');
    expect(topP).toMatchObject({ min: 0.01, max: 0.99 });
  });

  it('anthropic thinkingBudget: min 1024, step 100, max 200000', () => {
    expect(
      getParameterDefinitions('anthropic', 'claude-3-7-sonnet-latest').find((d) => d.key === 'thinkingBudget'),
    ).toMatchObject({
      min: 1024,
      step: 100,
      max: 200_000,
      default: 2000,
    });
  });
});

describe('clampParameter', () => {
  it('clamps to min and max and rounds whole-number parameters', () => {
    expect(clampParameter({ min: 0, max: 1, step: 0.01 }, 1.7)).toBe(1);
    expect(clampParameter({ min: 0, max: 1, step: 0.01 }, -0.5)).toBe(0);
    expect(clampParameter({ min: 0, max: 1, step: 0.01 }, 0.42)).toBe(0.42);
    expect(clampParameter({ min: 1, max: 40, step: 1 }, 12.6)).toBe(13);
  });
});

describe('applyParameterRules', () => {
  it('clamps anthropic temperature and caps legacy models at 4096 output tokens', () => {
    expect(
      applyParameterRules('anthropic', 'claude-3-haiku-20240307', { temperature: 1.8, maxOutputTokens: 100_000 }),
    ).toMatchObject({
      temperature: 1,
      maxOutputTokens: 4096,
    });
    expect(
      applyParameterRules('anthropic', 'claude-3-7-sonnet-latest', { maxOutputTokens: 100_000 }).maxOutputTokens,
    ).toBe(100_000);
  });

  it('fills the defaults a vendor must receive, not display-only ones', () => {
    const anthropic = applyParameterRules('anthropic', 'claude-3-5-sonnet-latest', {});
    expect(anthropic).toEqual({ maxOutputTokens: 8192, thinking: true, thinkingBudget: 2000, promptCache: true });
    expect(applyParameterRules('openAI', 'gpt-4o', {})).toEqual({});
    expect(applyParameterRules('bedrock', 'cohere.command-r-v1:0', {})).toEqual({ temperature: 0.3, topP: 0.75 });
  });

  it('reads a value under an alias (a title request’s max_tokens) into the parameter', () => {
    expect(applyParameterRules('anthropic', 'claude-3-5-sonnet-latest', { max_tokens: 32 }).maxOutputTokens).toBe(32);
    expect(applyParameterRules('google', 'gemini-2.0-flash', { top_p: 0.5 }).topP).toBe(0.5);
  });

  it('keeps user choices, including false, and unknown settings', () => {
    const result = applyParameterRules('anthropic', 'claude-3-7-sonnet-latest', {
      thinking: false,
      promptPrefix: 'Be brief',
    } as never);
    expect(result).toMatchObject({ thinking: false, promptPrefix: 'Be brief' });
  });

  it('replaces an unknown choice with the default', () => {
    expect(applyParameterRules('openAI', 'gpt-4o', { imageDetail: 'ultra' }).imageDetail).toBe('auto');
  });
});

describe('model helpers', () => {
  it('detects the bedrock sub-provider, with or without a region prefix', () => {
    expect(getBedrockSubProvider('anthropic.claude-v2')).toBe('anthropic');
    expect(getBedrockSubProvider('eu.meta.llama3-2-3b-instruct-v1:0')).toBe('meta');
    expect(getBedrockSubProvider('arn:aws:bedrock:us-east-1:123:inference-profile/x')).toBeUndefined();
  });

  it('knows which Claude models write long replies and think', () => {
    expect(isLongOutputClaude('claude-3-5-sonnet-20241022')).toBe(true);
    expect(isLongOutputClaude('claude-3-opus-latest')).toBe(false);
    expect(supportsClaudeThinking('claude-opus-4-1-20250805')).toBe(true);
    expect(supportsClaudeThinking('anthropic.claude-3-7-sonnet-20250219-v1:0')).toBe(true);
    expect(supportsClaudeThinking('claude-3-5-sonnet-latest')).toBe(false);
  });
});

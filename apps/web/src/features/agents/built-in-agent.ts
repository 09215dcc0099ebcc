import { BUILT_IN_AGENT_AUTHOR, MEME_AGENT_ID } from '@confab/shared';
import type { Agent } from './agents-api';

/**
 * A built-in agent (the Meme maker): it lives in the server's code, made by no user, so nobody
 * edits it and it is nobody's own ("My Agents" leaves it out).
 */
export function isBuiltInAgent(agent: Pick<Agent, 'id' | 'author'>): boolean {
  return agent.id === MEME_AGENT_ID || agent.author === BUILT_IN_AGENT_AUTHOR;
}

import { MessageSquareText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { AgentAvatar, agentAvatarUrl } from './agent-avatar';
import { useAgent } from './agent-queries';
import { MAX_STARTERS } from './builder/agent-form';

/** An agent's landing: its avatar, name and description in place of the greeting. */
export function AgentHero({ agentId, className }: { agentId: string; className?: string }) {
  const { t } = useTranslation('agents');
  const agent = useAgent(agentId);
  return (
    <div className={cn('flex flex-col items-center px-4 text-center', className)} data-testid="agent-hero">
      <AgentAvatar url={agent ? agentAvatarUrl(agent) : null} size="xl" className="mb-4 shadow-sm" />
      <h1 className="text-2xl font-semibold tracking-tight text-fg sm:text-[28px]">
        {agent?.name || t('builder.untitled')}
      </h1>
      {agent?.description ? (
        <p className="mt-2 max-w-lg text-base text-fg-secondary">{agent.description}</p>
      ) : null}
      {agent?.authorName ? (
        <p className="mt-1.5 text-xs text-fg-tertiary">{t('builder.by', { name: agent.authorName })}</p>
      ) : null}
    </div>
  );
}

/** Up to 4 conversation starters as cards; one click sends it (SPEC 2). */
export function ConversationStarters({
  agentId,
  isDisabled,
  onSend,
}: {
  agentId: string;
  isDisabled: boolean;
  onSend(text: string): void;
}) {
  const { t } = useTranslation('agents');
  const agent = useAgent(agentId);
  const starters = (agent?.conversation_starters ?? []).filter((s) => s.trim()).slice(0, MAX_STARTERS);
  if (starters.length === 0) return null;
  return (
    <ul className="mb-3 grid grid-cols-1 gap-2 sm:grid-cols-2" aria-label={t('landing.starters')} data-testid="conversation-starters">
      {starters.map((starter) => (
        <li key={starter}>
          <button
            type="button"
            disabled={isDisabled}
            onClick={() => onSend(starter)}
            className="focus-ring group flex h-full w-full items-start gap-2.5 rounded-2xl border border-line bg-surface px-3.5 py-3 text-left text-sm text-fg-secondary shadow-xs transition-colors hover:bg-surface-hover hover:text-fg disabled:opacity-60"
            data-testid="conversation-starter"
          >
            <MessageSquareText className="mt-0.5 size-4 shrink-0 text-fg-tertiary group-hover:text-accent" aria-hidden />
            <span className="line-clamp-2">{starter}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

import { Check } from 'lucide-react';
import { DropdownMenuItem } from '../../components/ui/dropdown-menu';
import { cn } from '../../lib/cn';
import { AgentAvatar } from '../agents/agent-avatar';
import type { AgentOption } from './selector-options';

/** One agent in the model selector: its avatar, name and description, checked when chosen. */
export function AgentMenuItem({
  agent,
  isSelected,
  onSelect,
}: {
  agent: AgentOption;
  isSelected: boolean;
  onSelect(): void;
}) {
  return (
    <DropdownMenuItem
      onSelect={onSelect}
      className={cn('items-start py-2 pl-3', isSelected && 'font-medium')}
      data-testid="agent-option"
      data-agent={agent.id}
    >
      <AgentAvatar url={agent.avatarUrl} className="mt-px" />
      <span className="min-w-0 flex-1">
        <span className="block truncate">{agent.name}</span>
        {agent.description ? (
          <span className="mt-0.5 line-clamp-1 text-xs leading-snug font-normal text-fg-tertiary">
            {agent.description}
          </span>
        ) : null}
      </span>
      {isSelected ? <Check className="mt-0.5 !text-fg" aria-hidden /> : null}
    </DropdownMenuItem>
  );
}

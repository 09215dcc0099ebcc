import { SquareSlash } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CommandPopover } from '../../chat/input/command-popover';
import type { PromptCommand } from './use-prompt-command';

/** The "/" command's list: each prompt's command, name and one-liner. */
export function PromptCommandPopover({ command }: { command: PromptCommand }) {
  const { t } = useTranslation('chat');
  return (
    <CommandPopover
      menu={command}
      label={t('prompt_command.label')}
      heading={t('prompt_command.label')}
      testId="prompt-command"
      emptyText={t('prompt_command.none')}
      loadingText={t('mention.loading')}
      renderOption={({ group }) => (
        <>
          <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-surface-tertiary text-fg-secondary">
            <SquareSlash className="size-4" aria-hidden />
          </span>
          <span className="flex min-w-0 flex-1 flex-col">
            <span className="flex min-w-0 items-baseline gap-2">
              <span className="truncate font-medium" data-testid="prompt-command-name">
                {group.name}
              </span>
              {group.command ? (
                <span className="shrink-0 font-mono text-xs text-fg-tertiary" data-testid="prompt-command-command">
                  /{group.command}
                </span>
              ) : null}
            </span>
            {group.oneliner ? (
              <span className="truncate text-xs text-fg-tertiary" data-testid="prompt-command-oneliner">
                {group.oneliner}
              </span>
            ) : null}
          </span>
        </>
      )}
    />
  );
}

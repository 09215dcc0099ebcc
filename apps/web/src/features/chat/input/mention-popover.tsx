import { useTranslation } from 'react-i18next';
import { EndpointIcon } from '../../model-selector/endpoint-icon';
import { CommandPopover } from './command-popover';
import type { MentionOption } from './mention-options';
import type { CommandMenu } from './use-command-menu';

/**
 * The list of models, endpoints, specs and presets of the @ command, and of the "+" command
 * (`isAdding`: the choice is added beside the header's model rather than replacing it).
 */
export function MentionPopover({ menu, isAdding = false }: { menu: CommandMenu<MentionOption>; isAdding?: boolean }) {
  const { t } = useTranslation('chat');
  return (
    <CommandPopover
      menu={menu}
      label={isAdding ? t('multiConvo.add') : t('mention.label')}
      testId={isAdding ? 'plus-command' : 'mention'}
      emptyText={t('mention.none')}
      loadingText={t('mention.loading')}
      heading={isAdding ? t('multiConvo.add') : undefined}
      renderOption={(option) => (
        <>
          <EndpointIcon family={option.family} iconURL={option.iconURL} size="sm" />
          <span className="min-w-0 flex-1 truncate">{option.label}</span>
          {option.detail ? (
            <span className="max-w-[45%] shrink-0 truncate text-xs text-fg-tertiary">{option.detail}</span>
          ) : null}
          <span className="shrink-0 text-[10px] font-semibold tracking-wide text-fg-tertiary uppercase">
            {t(`mention.kind_${option.kind}`)}
          </span>
        </>
      )}
    />
  );
}

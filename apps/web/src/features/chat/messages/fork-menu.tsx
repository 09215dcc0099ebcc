import type { ForkOption } from '@confab/shared';
import * as Menu from '@radix-ui/react-dropdown-menu';
import { GitBranchPlus, GitCommit, ListTree, Square, SquareCheck, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator } from '../../../components/ui/dropdown-menu';
import { showToast } from '../../../components/ui/toast-store';
import { cn } from '../../../lib/cn';
import { DEFAULT_FORK_OPTION, FORK_OPTION_KEYS, setForkSettings, useForkSettings } from './fork-settings';

/** The three options in LibreChat's order, with their icons (turned as LibreChat turns them). */
const FORK_OPTION_ICONS: readonly { option: ForkOption; Icon: LucideIcon; iconClass?: string }[] = [
  { option: 'directPath', Icon: GitCommit, iconClass: 'rotate-90' },
  { option: 'includeBranches', Icon: GitBranchPlus, iconClass: 'rotate-180' },
  { option: 'targetLevel', Icon: ListTree },
];

const checkboxItemClass =
  'flex cursor-pointer items-center gap-2.5 rounded-lg px-2.5 py-1.5 text-sm text-fg-secondary outline-none select-none data-[highlighted]:bg-surface-hover data-[highlighted]:text-fg [&_svg]:size-4 [&_svg]:shrink-0';

/** A checkbox row that keeps the menu open when toggled, with its explanation as the row's tooltip. */
function ForkCheckboxItem({
  isChecked,
  onToggle,
  label,
  explanation,
  testId,
}: {
  isChecked: boolean;
  onToggle(isChecked: boolean): void;
  label: string;
  explanation: string;
  testId: string;
}) {
  return (
    <Menu.CheckboxItem
      checked={isChecked}
      onSelect={(event) => {
        // Settings are toggled before an option is chosen: the menu stays open.
        event.preventDefault();
        onToggle(!isChecked);
      }}
      className={checkboxItemClass}
      title={explanation}
      data-testid={testId}
    >
      {isChecked ? <SquareCheck className="text-accent" aria-hidden /> : <Square aria-hidden />}
      {label}
    </Menu.CheckboxItem>
  );
}

/**
 * The fork popover's content (LibreChat's Fork): the three options, each with its short
 * explanation, then "Start fork here" (a stored setting) and "Remember" (for this choice: once
 * an option is picked with it, the fork button forks with that option without asking).
 */
export function ForkMenuContent({ onChoose }: { onChoose(option: ForkOption): void }) {
  const { t } = useTranslation('chat');
  const splitAtTarget = useForkSettings((s) => s.splitAtTarget);
  const [isRemembering, setIsRemembering] = useState(false);

  const choose = (option: ForkOption) => {
    if (isRemembering) setForkSettings({ rememberDefaultFork: true, forkSetting: option });
    onChoose(option);
  };

  return (
    <DropdownMenuContent
      align="start"
      // On a short screen the menu scrolls rather than running off it.
      className="max-h-[var(--radix-dropdown-menu-content-available-height)] w-80 overflow-y-auto"
      data-testid="fork-menu"
    >
      <Menu.Label className="px-2.5 pt-1.5 pb-1 text-sm font-medium text-fg">{t('fork.choose')}</Menu.Label>
      {FORK_OPTION_ICONS.map(({ option, Icon, iconClass }) => (
        <DropdownMenuItem
          key={option}
          onSelect={() => choose(option)}
          className="items-start"
          data-testid={`fork-option-${option}`}
        >
          <Icon className={cn('mt-0.5', iconClass)} aria-hidden />
          <span className="min-w-0 flex-1">
            <span className="block">
              {t(`fork.${FORK_OPTION_KEYS[option]}`)}
              {option === DEFAULT_FORK_OPTION ? (
                <span className="text-fg-tertiary"> {t('fork.default_suffix')}</span>
              ) : null}
            </span>
            <span className="mt-0.5 block text-xs leading-snug text-fg-tertiary">
              {t(`fork.${FORK_OPTION_KEYS[option]}_info`)}
            </span>
          </span>
        </DropdownMenuItem>
      ))}
      <DropdownMenuSeparator />
      <ForkCheckboxItem
        isChecked={splitAtTarget}
        onToggle={(isChecked) => setForkSettings({ splitAtTarget: isChecked })}
        label={t('fork.split_target')}
        explanation={t('fork.split_target_info')}
        testId="fork-split-target"
      />
      <ForkCheckboxItem
        isChecked={isRemembering}
        onToggle={(isChecked) => {
          if (isChecked) showToast({ message: t('fork.remember_checked'), status: 'info' });
          setIsRemembering(isChecked);
        }}
        label={t('fork.remember')}
        explanation={t('fork.remember_info')}
        testId="fork-remember"
      />
    </DropdownMenuContent>
  );
}

import { KeyRound, Play } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/spinner';
import { Tooltip } from '../../components/ui/tooltip';

const headerButton =
  'focus-ring flex items-center gap-1.5 rounded-md px-2 py-1 font-medium transition-colors hover:bg-surface-hover hover:text-fg disabled:pointer-events-none';

/** Run, in a code block's header beside Copy: a spinner and "Running…" while the run is in progress. */
export function RunCodeButton({ isRunning, onRun }: { isRunning: boolean; onRun(): void }) {
  const { t } = useTranslation('code-run');
  return (
    <button
      type="button"
      onClick={onRun}
      disabled={isRunning}
      aria-label={isRunning ? t('running') : t('run_code')}
      className={headerButton}
      data-testid="run-code"
      data-running={isRunning || undefined}
    >
      {isRunning ? <Spinner className="size-3.5" /> : <Play className="size-3.5" aria-hidden />}
      <span>{isRunning ? t('running') : t('run')}</span>
    </button>
  );
}

/** The user's own Code API key (remote service set to user_provided): opens its dialog to revoke or replace it. */
export function CodeKeyButton({ onOpen }: { onOpen(): void }) {
  const { t } = useTranslation('code-run');
  return (
    <Tooltip content={t('key.title')}>
      <button
        type="button"
        onClick={onOpen}
        aria-label={t('key.title')}
        className={headerButton}
        data-testid="code-key-button"
      >
        <KeyRound className="size-3.5" aria-hidden />
      </button>
    </Tooltip>
  );
}

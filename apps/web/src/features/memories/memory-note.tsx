import type { MemoryAttachment } from '@confab/shared';
import { Brain, Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { showToast } from '../../components/ui/toast-store';
import { memoryErrorText } from './memory-errors';
import { useMemoryNoteStore } from './memory-note-store';
import { runMemoryUndo } from './memory-queries';
import { permissionOfUndo, undoOfMemory } from './memory-undo';
import { useMemoryPermissions } from './use-memory-permissions';

/**
 * "Memory updated: favourite_colour · Undo" under a reply. The key opens Settings →
 * Personalization (through ?settings=, which the user menu answers); Undo takes back what the
 * memory step did, and the line then says "Undone" for the rest of the session.
 */
export function MemoryNote({ id, attachment }: { id: string; attachment: MemoryAttachment }) {
  const { t } = useTranslation('memories');
  const navigate = useNavigate();
  const location = useLocation();
  const permissions = useMemoryPermissions();
  const state = useMemoryNoteStore((s) => s.states[id]);
  const setState = useMemoryNoteStore((s) => s.setState);
  const { memory } = attachment;
  const undo = undoOfMemory(memory);
  const canUndo = !!undo && (permissionOfUndo(undo) === 'CREATE' ? permissions.canCreate : permissions.canUpdate);
  // An agent's own memory is not in the user's list.
  const canOpen = permissions.canRead && !memory.agentId;

  const openSettings = () => {
    const params = new URLSearchParams(location.search);
    params.set('settings', 'personalization');
    void navigate(
      { pathname: location.pathname, search: `?${params.toString()}`, hash: location.hash },
      { replace: true },
    );
  };
  const runUndo = () => {
    if (!undo || state) return;
    setState(id, 'undoing');
    runMemoryUndo(undo).then(
      () => setState(id, 'undone'),
      (err: unknown) => {
        setState(id, null);
        showToast({ message: t('note.undo_error', { reason: memoryErrorText(err, t) }), status: 'error' });
      },
    );
  };

  return (
    <li
      className="flex min-h-6 flex-wrap items-center gap-x-1.5 pointer-coarse:min-h-8 text-[13px] leading-snug text-fg-secondary"
      data-testid="memory-note"
      data-key={memory.key}
      data-state={state ?? 'saved'}
    >
      <Brain className="size-3.5 shrink-0 text-fg-tertiary" aria-hidden />
      <span>{memory.type === 'delete' ? t('note.deleted') : t('note.updated')}:</span>{' '}
      {canOpen ? (
        <button
          type="button"
          onClick={openSettings}
          title={memory.value}
          aria-label={t('note.open', { key: memory.key })}
          className="focus-ring max-w-[min(24rem,60vw)] truncate rounded-sm font-mono text-[12.5px] font-medium text-fg underline decoration-line-strong underline-offset-2 hover:decoration-current"
          data-testid="memory-note-key"
        >
          {memory.key}
        </button>
      ) : (
        <span
          className="max-w-[min(24rem,60vw)] truncate font-mono text-[12.5px] font-medium text-fg"
          title={memory.value}
        >
          {memory.key}
        </span>
      )}{' '}
      {state === 'undone' ? (
        <span
          className="inline-flex items-center gap-1 text-fg-tertiary"
          role="status"
          data-testid="memory-note-undone"
        >
          <span aria-hidden>·</span>
          <Check className="size-3.5" aria-hidden />
          {t('note.undone')}
        </span>
      ) : canUndo ? (
        <>
          <span aria-hidden className="text-fg-tertiary">
            ·
          </span>
          <button
            type="button"
            onClick={runUndo}
            disabled={state === 'undoing'}
            aria-label={t(memory.type === 'delete' ? 'note.undo_delete_label' : 'note.undo_label', { key: memory.key })}
            className="focus-ring inline-flex items-center gap-1 rounded-sm font-medium text-accent hover:underline disabled:opacity-60"
            data-testid="memory-note-undo"
          >
            {state === 'undoing' ? <Spinner className="size-3" /> : null}
            {t('note.undo')}
          </button>
        </>
      ) : null}
    </li>
  );
}

import type { PasskeySummary } from '@confab/shared';
import { KeyRound, Plus } from 'lucide-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { NAME_IN_SENTENCE } from '../../../components/ui/name-in-sentence';
import { Spinner } from '../../../components/ui/spinner';
import { showToast } from '../../../components/ui/toast-store';
import { ConfirmDialog } from '../../conversations/confirm-dialog';
import { AddPasskeyDialog } from './passkeys/add-passkey-dialog';
import { passkeyErrorMessage, supportsPasskeys } from './passkeys/passkey-ceremony';
import { PasskeyRow } from './passkeys/passkey-row';
import { RenamePasskeyDialog } from './passkeys/rename-passkey-dialog';
import { usePasskeyList, useRemovePasskey } from './passkeys/use-passkeys';

/**
 * Settings → Account → Passkeys: the account's passkeys (name, added, last used, synced), add,
 * rename and remove. Absent where the browser has no WebAuthn: nothing here could work there.
 */
export function PasskeysSection() {
  const { t } = useTranslation('passkeys');
  const list = usePasskeyList(supportsPasskeys);
  const remove = useRemovePasskey();
  const [isAdding, setIsAdding] = useState(false);
  const [renaming, setRenaming] = useState<PasskeySummary | null>(null);
  const [removing, setRemoving] = useState<PasskeySummary | null>(null);
  if (!supportsPasskeys) return null;

  const passkeys = list.data ?? [];
  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => showToast({ message: t('removed'), status: 'success' }),
      onError: (err) => showToast({ message: passkeyErrorMessage(err, t), status: 'error' }),
      onSettled: () => setRemoving(null),
    });
  };

  return (
    <section
      className="border-b border-line py-4 last:border-b-0"
      aria-labelledby="passkeys-title"
      data-testid="passkeys-section"
    >
      <h3 id="passkeys-title" className="text-sm font-medium text-fg">
        {t('title')}
      </h3>
      <p className="mt-0.5 text-[13px] leading-snug text-fg-tertiary">{t('description')}</p>

      {list.isPending ? (
        <div className="flex justify-center py-6 text-fg-tertiary">
          <Spinner className="size-5" label={t('title')} />
        </div>
      ) : list.isError ? (
        <Alert tone="error" className="mt-3">
          <span>{t('load_error')} </span>
          <Button variant="link" className="text-sm" onClick={() => void list.refetch()}>
            {t('retry')}
          </Button>
        </Alert>
      ) : passkeys.length === 0 ? (
        <EmptyState onAdd={() => setIsAdding(true)} />
      ) : (
        <ul
          className="mt-3 divide-y divide-line overflow-hidden rounded-xl border border-line"
          data-testid="passkey-list"
        >
          {passkeys.map((passkey) => (
            <PasskeyRow
              key={passkey.id}
              passkey={passkey}
              onRename={() => setRenaming(passkey)}
              onRemove={() => setRemoving(passkey)}
            />
          ))}
          <li>
            <button
              type="button"
              onClick={() => setIsAdding(true)}
              className="focus-ring flex w-full items-center gap-3 px-3.5 py-3 text-left text-sm font-medium text-accent transition-colors hover:bg-surface-hover sm:px-4"
              data-testid="passkey-add"
            >
              <span
                className="flex size-9 shrink-0 items-center justify-center rounded-lg border border-dashed border-line"
                aria-hidden
              >
                <Plus className="size-[18px]" />
              </span>
              {t('add')}
            </button>
          </li>
        </ul>
      )}

      <AddPasskeyDialog isOpen={isAdding} onOpenChange={setIsAdding} />
      <RenamePasskeyDialog passkey={renaming} onClose={() => setRenaming(null)} />
      <ConfirmDialog
        isOpen={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        title={t('remove_title')}
        confirmLabel={t('remove')}
        onConfirm={confirmRemove}
        isPending={remove.isPending}
        testId="remove-passkey-dialog"
      >
        <Trans t={t} i18nKey="remove_body" values={{ name: removing?.name ?? '' }} components={NAME_IN_SENTENCE} />
      </ConfirmDialog>
    </section>
  );
}

function EmptyState({ onAdd }: { onAdd(): void }) {
  const { t } = useTranslation('passkeys');
  return (
    <div
      className="mt-3 flex flex-col items-center rounded-xl border border-dashed border-line px-5 py-6 text-center"
      data-testid="passkeys-empty"
    >
      <span className="flex size-11 items-center justify-center rounded-full bg-accent-soft text-accent" aria-hidden>
        <KeyRound className="size-5" />
      </span>
      <p className="mt-3 text-sm font-medium text-fg">{t('empty_title')}</p>
      <p className="mt-1 max-w-sm text-[13px] leading-relaxed text-fg-tertiary">{t('empty_body')}</p>
      <Button variant="outline" size="sm" className="mt-4" onClick={onAdd} data-testid="passkey-add">
        <Plus className="size-4" aria-hidden />
        {t('add')}
      </Button>
    </div>
  );
}

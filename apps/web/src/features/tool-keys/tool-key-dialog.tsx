import { useMutation } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, CircleDashed, ExternalLink } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { PasswordField } from '../../components/ui/password-field';
import { showToast } from '../../components/ui/toast-store';
import { ApiError } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { queryClient } from '../../lib/query-client';
import { updateUserPlugin } from '../agents/agents-api';

/** The query of a tool's auth answer (GET /api/agents/tools/:toolId/auth). */
export const toolAuthKey = (toolId: string) => ['toolAuth', toolId] as const;

/** Which tool's key a dialog installs, and where its words are. */
export interface ToolKeySpec {
  /** LibreChat's plugin key the credential is stored under (POST /api/user/plugins). */
  toolId: string;
  /** The credential's field (the tool's authConfig `authField`). */
  authField: string;
  /** The i18n namespace holding this tool's `key.*` texts. */
  namespace: string;
  /** Where the service hands out keys, when it has such a page. */
  getKeyUrl?: string | undefined;
  /** Values the texts name (web search's `{{provider}}`). */
  textValues?: Record<string, string> | undefined;
  /** Prefix of the test ids (`{prefix}-field`, `-submit`, `-status`, `-revoke`, `-error`). */
  testIdPrefix: string;
  dialogTestId: string;
}

export interface ToolKeyDialogProps {
  spec: ToolKeySpec;
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
  /** Whether the user has a key installed (the tool's auth answer). */
  isInstalled: boolean;
  /** Why the dialog opened, from the server (a refused key, say). */
  notice?: string | null;
  /** Opened by an action (Run, a tool turned on) that goes ahead once the key is installed. */
  willRun?: boolean;
  onInstalled(): void;
}

/**
 * A tool's own key, for a service the administrator left to each user (SPEC 5: required): the
 * Code API key of code execution (SPEC 4, Code tool), a web search provider's key (issue 41).
 * What it is, where to get one, and Install; an installed key can be revoked here. Stored
 * encrypted by the server as the tool's credential (POST /api/user/plugins), as LibreChat does.
 */
export function ToolKeyDialog({
  spec,
  isOpen,
  onOpenChange,
  isInstalled,
  notice,
  willRun = false,
  onInstalled,
}: ToolKeyDialogProps) {
  const { t } = useTranslation(spec.namespace);
  const [apiKey, setApiKey] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();

  useEffect(() => {
    if (!isOpen) return;
    setApiKey('');
    setFieldError(undefined);
  }, [isOpen]);

  const refreshAuth = () => queryClient.invalidateQueries({ queryKey: toolAuthKey(spec.toolId) });
  const install = useMutation({
    mutationFn: (key: string) =>
      updateUserPlugin({ pluginKey: spec.toolId, action: 'install', auth: { [spec.authField]: key } }),
    onSuccess: async () => {
      await refreshAuth();
      showToast({ message: t('key.installed'), status: 'success' });
      onInstalled();
    },
  });
  const revoke = useMutation({
    mutationFn: () => updateUserPlugin({ pluginKey: spec.toolId, action: 'uninstall' }),
    onSuccess: async () => {
      await refreshAuth();
      showToast({ message: t('key.revoked'), status: 'success' });
    },
    onError: () => showToast({ message: t('key.revoke_failed'), status: 'error' }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const key = apiKey.trim();
    if (!key) {
      setFieldError(t('key.required'));
      return;
    }
    install.mutate(key);
  };
  const serverError = install.error
    ? install.error instanceof ApiError
      ? install.error.message
      : t('key.install_failed')
    : null;
  const alert = serverError ?? notice ?? null;

  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent
        title={t('key.title', spec.textValues)}
        description={t('key.description', spec.textValues)}
        className="max-w-md"
        data-testid={spec.dialogTestId}
      >
        <form
          onSubmit={submit}
          className="scrollbar-thin flex min-h-0 flex-col gap-4 overflow-y-auto px-6 pb-6"
          noValidate
        >
          <div
            className="flex items-center gap-3 rounded-xl border border-line bg-surface-tertiary/60 px-3.5 py-2.5"
            data-testid={`${spec.testIdPrefix}-status`}
            data-state={isInstalled ? 'installed' : 'none'}
          >
            {isInstalled ? (
              <CircleCheck className="size-[18px] shrink-0 text-accent" aria-hidden />
            ) : (
              <CircleDashed className="size-[18px] shrink-0 text-fg-tertiary" aria-hidden />
            )}
            <span className="min-w-0 flex-1 text-sm text-fg">
              {isInstalled ? t('key.status_installed') : t('key.status_none')}
            </span>
            {isInstalled ? (
              <Button
                variant="ghost"
                size="sm"
                className="-my-1 -mr-1.5 text-danger hover:bg-danger-soft"
                isLoading={revoke.isPending}
                onClick={() => revoke.mutate()}
                data-testid={`${spec.testIdPrefix}-revoke`}
              >
                {t('key.revoke')}
              </Button>
            ) : null}
          </div>
          <PasswordField
            label={isInstalled ? t('key.field_replace') : t('key.field')}
            value={apiKey}
            onChange={(e) => {
              setApiKey(e.target.value);
              setFieldError(undefined);
            }}
            error={fieldError}
            placeholder={t('key.placeholder', spec.textValues)}
            autoComplete="off"
            spellCheck={false}
            autoFocus
            data-testid={`${spec.testIdPrefix}-field`}
          />
          {spec.getKeyUrl ? (
            <a
              href={spec.getKeyUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="focus-ring -mt-1 inline-flex items-center gap-1.5 self-start rounded text-sm font-medium text-accent hover:underline"
            >
              {t('key.get_key')}
              <ExternalLink className="size-3.5" aria-hidden />
            </a>
          ) : null}
          {alert ? (
            <div
              role="alert"
              className={cn(
                'flex gap-2 rounded-xl border border-danger-line bg-danger-soft px-3.5 py-2.5 text-sm text-fg',
              )}
              data-testid={`${spec.testIdPrefix}-error`}
            >
              <CircleAlert className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden />
              <span className="min-w-0 break-words">{alert}</span>
            </div>
          ) : null}
          <div className="mt-1 flex justify-end gap-2">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {t('key.cancel')}
            </Button>
            <Button type="submit" isLoading={install.isPending} data-testid={`${spec.testIdPrefix}-submit`}>
              {willRun ? t('key.install_and_run') : t('key.install')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

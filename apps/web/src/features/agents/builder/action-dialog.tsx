import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { NativeSelect } from '../../../components/ui/select';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { agentKeys } from '../agent-queries';
import { saveAction, type ActionAuthType, type AgentAction } from '../agents-api';
import { authFormOf, readSpec, toActionFunctions, toActionMetadata, validateAuth, type ActionAuthForm } from './action-spec';
import { BuilderTextArea } from './builder-fields';

const AUTH_TYPES: ActionAuthType[] = ['none', 'service_http', 'oauth'];

/**
 * Adds or edits an OpenAPI action (SPEC 3, action auth): the pasted spec, and auth none, an API
 * key (bearer, basic or a custom header) or OAuth with its token exchange method. The spec's
 * obvious mistakes show at once; the server's validation errors show under the spec.
 */
export function ActionDialog({
  agentId,
  action,
  isOpen,
  onOpenChange,
}: {
  agentId: string;
  action: AgentAction | null;
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
}) {
  const { t } = useTranslation('agents');
  const queryClient = useQueryClient();
  const [spec, setSpec] = useState(action?.metadata.raw_spec ?? '');
  const [auth, setAuth] = useState<ActionAuthForm>(() => authFormOf(action?.metadata));
  const [isTouched, setIsTouched] = useState(false);
  const server = readSpec(spec);
  const authProblems = validateAuth(auth, !!action);
  const set = (patch: Partial<ActionAuthForm>) => setAuth((a) => ({ ...a, ...patch }));
  const save = useMutation({
    mutationFn: () => {
      if (!('url' in server)) throw new Error('invalid spec');
      return saveAction(agentId, {
        functions: toActionFunctions(server.operations),
        ...(action ? { action_id: action.action_id } : {}),
        metadata: toActionMetadata(spec, server.url, auth),
      });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: agentKeys.actions });
      void queryClient.invalidateQueries({ queryKey: agentKeys.list });
      onOpenChange(false);
    },
  });
  const specError = isTouched && 'problem' in server ? t(`actions.problem.${server.problem}`) : null;
  const serverError = save.error ? (save.error instanceof ApiError ? save.error.message : t('actions.save_failed')) : null;

  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent
        title={action ? t('actions.edit_title') : t('actions.add_title')}
        description={t('actions.description')}
        className="max-w-xl"
        data-testid="action-dialog"
      >
        <form
          className="scrollbar-thin flex max-h-[70vh] flex-col gap-4 overflow-y-auto px-6 pb-6"
          onSubmit={(e) => {
            e.preventDefault();
            setIsTouched(true);
            if ('url' in server && authProblems.length === 0) save.mutate();
          }}
        >
          <div>
            <BuilderTextArea
              label={t('actions.spec')}
              value={spec}
              onChange={(value) => {
                setSpec(value);
                save.reset();
              }}
              placeholder={t('actions.spec_placeholder')}
              rows={9}
              isMono
              testId="action-spec"
            />
            {specError || serverError ? (
              <p role="alert" className="mt-1.5 text-[13px] leading-snug text-danger" data-testid="action-error">
                {serverError ?? specError}
              </p>
            ) : 'url' in server ? (
              <p className="mt-1.5 text-xs text-fg-tertiary" data-testid="action-domain">
                {t('actions.domain', { domain: new URL(server.url).hostname })}
              </p>
            ) : null}
          </div>
          <fieldset>
            <legend className="mb-1.5 text-[13px] font-medium text-fg">{t('actions.auth')}</legend>
            <div className="grid grid-cols-3 gap-1 rounded-xl bg-surface-tertiary p-1" role="radiogroup">
              {AUTH_TYPES.map((type) => (
                <button
                  key={type}
                  type="button"
                  role="radio"
                  aria-checked={auth.type === type}
                  onClick={() => set({ type })}
                  className="focus-ring h-8 rounded-lg text-[13px] font-medium text-fg-secondary transition-colors aria-checked:bg-surface aria-checked:text-fg aria-checked:shadow-sm"
                  data-testid={`action-auth-${type}`}
                >
                  {t(`actions.auth_${type}`)}
                </button>
              ))}
            </div>
          </fieldset>
          {auth.type === 'service_http' ? (
            <div className="flex flex-col gap-3">
              <TextField
                label={t('actions.api_key')}
                type="password"
                autoComplete="off"
                value={auth.apiKey}
                placeholder={action ? t('actions.keep_secret') : ''}
                onChange={(e) => set({ apiKey: e.target.value })}
                data-testid="action-api-key"
              />
              <div>
                <span className="mb-1.5 block text-sm font-medium text-fg">{t('actions.scheme')}</span>
                <NativeSelect
                  aria-label={t('actions.scheme')}
                  className="w-full"
                  value={auth.scheme}
                  onChange={(e) => set({ scheme: e.target.value as ActionAuthForm['scheme'] })}
                  options={[
                    { value: 'bearer', label: t('actions.scheme_bearer') },
                    { value: 'basic', label: t('actions.scheme_basic') },
                    { value: 'custom', label: t('actions.scheme_custom') },
                  ]}
                />
              </div>
              {auth.scheme === 'custom' ? (
                <TextField
                  label={t('actions.custom_header')}
                  value={auth.customHeader}
                  placeholder="X-Api-Key"
                  onChange={(e) => set({ customHeader: e.target.value })}
                />
              ) : null}
            </div>
          ) : null}
          {auth.type === 'oauth' ? (
            <div className="grid gap-3 sm:grid-cols-2">
              <TextField label={t('actions.client_id')} autoComplete="off" value={auth.clientId} placeholder={action ? t('actions.keep_secret') : ''} onChange={(e) => set({ clientId: e.target.value })} />
              <TextField label={t('actions.client_secret')} type="password" autoComplete="off" value={auth.clientSecret} placeholder={action ? t('actions.keep_secret') : ''} onChange={(e) => set({ clientSecret: e.target.value })} />
              <TextField label={t('actions.authorization_url')} value={auth.authorizationUrl} onChange={(e) => set({ authorizationUrl: e.target.value })} />
              <TextField label={t('actions.token_url')} value={auth.tokenUrl} onChange={(e) => set({ tokenUrl: e.target.value })} />
              <TextField label={t('actions.scope')} value={auth.scope} onChange={(e) => set({ scope: e.target.value })} />
              <div>
                <span className="mb-1.5 block text-sm font-medium text-fg">{t('actions.token_exchange')}</span>
                <NativeSelect
                  aria-label={t('actions.token_exchange')}
                  className="w-full"
                  value={auth.tokenExchange}
                  onChange={(e) => set({ tokenExchange: e.target.value as ActionAuthForm['tokenExchange'] })}
                  options={[
                    { value: 'default_post', label: t('actions.exchange_post') },
                    { value: 'basic_auth_header', label: t('actions.exchange_basic') },
                  ]}
                />
              </div>
            </div>
          ) : null}
          {isTouched && authProblems[0] ? (
            <p role="alert" className="text-[13px] text-danger">
              {t(`actions.problem.${authProblems[0]}`)}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {t('cancel')}
            </Button>
            <Button type="submit" isLoading={save.isPending} data-testid="action-save">
              {t('actions.save')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

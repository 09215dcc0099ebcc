import { useMutation } from '@tanstack/react-query';
import { CircleAlert } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { PasswordField } from '../../components/ui/password-field';
import { NativeSelect } from '../../components/ui/select';
import { TextField } from '../../components/ui/text-field';
import { showToast } from '../../components/ui/toast-store';
import { ApiError } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import type { EndpointConfig } from '../chat/api/chat-api';
import { DEFAULT_EXPIRY, KEY_EXPIRY_KEYS, computeExpiresAt, type KeyExpiryOption } from './key-expiry';
import {
  buildKeyValue,
  findMissingFields,
  getKeyFields,
  validateServiceKey,
  type KeyFieldName,
  type KeyValues,
  type ServiceKeyError,
} from './key-fields';
import { KeyStatusRow } from './key-status-row';
import { saveKey } from './keys-api';
import { ServiceKeyInput } from './service-key-input';
import { keyKeys } from './use-endpoint-key';

export interface ApiKeyDialogProps {
  endpoint: string | null;
  /** How the endpoint is named to the user. */
  label: string;
  config: EndpointConfig | undefined;
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
}

/**
 * Set the user's own key for an endpoint (SPEC 2, API key dialog; SPEC 5, Endpoint keys): the
 * fields of its family, an expiry (12 hours by default), the current key's expiry and Revoke.
 * Empty required fields keep the dialog open with a toast naming them.
 */
export function ApiKeyDialog({ endpoint, label, config, isOpen, onOpenChange }: ApiKeyDialogProps) {
  const { t } = useTranslation('endpoints');
  const expiryId = useId();
  const [values, setValues] = useState<KeyValues>({});
  const [expiry, setExpiry] = useState<KeyExpiryOption>(DEFAULT_EXPIRY);
  const [serviceKeyError, setServiceKeyError] = useState<ServiceKeyError | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const fields = endpoint ? getKeyFields(endpoint, config) : [];

  useEffect(() => {
    if (!isOpen) return;
    setValues({});
    setExpiry(DEFAULT_EXPIRY);
    setServiceKeyError(null);
    setServerError(null);
  }, [isOpen, endpoint]);

  const save = useMutation({
    mutationFn: saveKey,
    onSuccess: () => {
      if (endpoint) void queryClient.invalidateQueries({ queryKey: keyKeys.status(endpoint) });
      showToast({ message: t('keys.saved', { endpoint: label }), status: 'success' });
      onOpenChange(false);
    },
    onError: (error) => setServerError(error instanceof ApiError ? error.message : t('keys.save_failed')),
  });

  const fieldLabel = (name: KeyFieldName) => t(`keys.fields.${name}`);
  const setValue = (name: KeyFieldName, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setServerError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!endpoint) return;
    const missing = findMissingFields(fields, values);
    if (missing.length > 0) {
      showToast({
        message: t('keys.required_fields', { fields: missing.map(fieldLabel).join(', ') }),
        status: 'error',
      });
      return;
    }
    const file = values.GOOGLE_SERVICE_KEY?.trim();
    if (file) {
      const checked = validateServiceKey(file);
      if ('error' in checked) {
        setServiceKeyError(checked.error);
        return;
      }
    }
    save.mutate({
      name: endpoint,
      value: buildKeyValue(fields, values),
      expiresAt: computeExpiresAt(expiry, Date.now()),
    });
  };

  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent
        title={t('keys.title', { endpoint: label })}
        description={t('keys.description', { endpoint: label })}
        className="max-w-md"
        data-testid="api-key-dialog"
        data-endpoint={endpoint ?? ''}
      >
        <form
          onSubmit={submit}
          className="scrollbar-thin flex min-h-0 flex-col gap-4 overflow-y-auto px-6 pb-6"
          noValidate
        >
          {endpoint ? <KeyStatusRow endpoint={endpoint} label={label} isOpen={isOpen} /> : null}
          {fields.map((field, index) => {
            const common = {
              label: fieldLabel(field.name),
              value: values[field.name] ?? '',
              autoFocus: index === 0,
              autoComplete: 'off',
              spellCheck: false,
              'data-testid': `key-field-${field.name}`,
            } as const;
            if (field.kind === 'file') {
              return (
                <ServiceKeyInput
                  key={field.name}
                  label={common.label}
                  error={serviceKeyError ? t(`keys.service_key_errors.${serviceKeyError}`) : null}
                  onLoad={(text, fileName) => {
                    setValue(field.name, text);
                    const checked = validateServiceKey(text);
                    setServiceKeyError('error' in checked ? checked.error : null);
                    return fileName;
                  }}
                  onClear={() => {
                    setValue(field.name, '');
                    setServiceKeyError(null);
                  }}
                />
              );
            }
            if (field.kind === 'secret') {
              return (
                <PasswordField
                  key={field.name}
                  {...common}
                  placeholder={t('keys.placeholder_secret')}
                  onChange={(e) => setValue(field.name, e.target.value)}
                />
              );
            }
            return (
              <TextField
                key={field.name}
                {...common}
                type={field.kind === 'url' ? 'url' : 'text'}
                placeholder={field.kind === 'url' ? 'https://' : undefined}
                onChange={(e) => setValue(field.name, e.target.value)}
              />
            );
          })}
          <div>
            <label htmlFor={expiryId} className="mb-1.5 block text-sm font-medium text-fg">
              {t('keys.expiry_label')}
            </label>
            <NativeSelect
              id={expiryId}
              value={expiry}
              onChange={(e) => setExpiry(e.target.value as KeyExpiryOption)}
              options={KEY_EXPIRY_KEYS.map((key) => ({ value: key, label: t(`keys.expiry.${key}`) }))}
              className="w-full [&_select]:h-11 [&_select]:rounded-xl"
              data-testid="key-expiry"
            />
          </div>
          {serverError ? (
            <div
              role="alert"
              className="flex gap-2 rounded-xl border border-danger-line bg-danger-soft px-3.5 py-2.5 text-sm text-fg"
              data-testid="key-error"
            >
              <CircleAlert className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden />
              <span className="min-w-0 break-words">{serverError}</span>
            </div>
          ) : null}
          <div className="mt-1 flex justify-end gap-2">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {t('keys.cancel')}
            </Button>
            <Button type="submit" isLoading={save.isPending} data-testid="key-submit">
              {t('keys.submit')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

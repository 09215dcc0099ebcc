import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../components/ui/password-field';
import { TextField } from '../../components/ui/text-field';
import type { EndpointField, EndpointFormValues, FieldErrors } from './endpoint-form-values';

/** What the form knows of the key already saved, to say what an empty key field means. */
export interface SavedKey {
  hasKey: boolean;
  keyLast4?: string | undefined;
}

const PLACEHOLDERS: Partial<Record<EndpointFormValues['family'], string>> = {
  openAI: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com/v1',
  custom: 'http://localhost:11434/v1',
};

/** The fields of one provider family; the key is a password field and is never filled from the server. */
export function EndpointFields({
  values,
  errors,
  savedKey,
  onChange,
}: {
  values: EndpointFormValues;
  errors: FieldErrors;
  /** Present when editing a saved endpoint. */
  savedKey?: SavedKey | undefined;
  onChange(patch: Partial<EndpointFormValues>): void;
}) {
  const { t } = useTranslation('setup');
  const { family } = values;
  const text = (field: Exclude<EndpointField, 'models'>, extra: { placeholder?: string; hint?: string } = {}) => (
    <TextField
      label={t(`field.${field}`)}
      value={values[field]}
      onChange={(event) => onChange({ [field]: event.target.value })}
      error={errors[field]}
      hint={extra.hint}
      placeholder={extra.placeholder}
      autoComplete="off"
      spellCheck={false}
      data-testid={`endpoint-field-${field}`}
    />
  );

  const keyHint = savedKey?.hasKey
    ? savedKey.keyLast4
      ? t('key_hint_keep_last4', { last4: savedKey.keyLast4 })
      : t('key_hint_keep')
    : family === 'custom'
      ? t('key_hint_optional')
      : t('key_hint_new');

  const keyField = (
    <PasswordField
      label={family === 'bedrock' ? t('field.secretAccessKey') : t('field.apiKey')}
      value={values.apiKey}
      onChange={(event) => onChange({ apiKey: event.target.value })}
      error={errors.apiKey}
      hint={keyHint}
      autoComplete="off"
      spellCheck={false}
      placeholder={savedKey?.keyLast4 ? `•••• ${savedKey.keyLast4}` : undefined}
      data-testid="endpoint-field-apiKey"
    />
  );

  return (
    <div className="flex flex-col gap-4" data-testid="endpoint-fields" data-family={family}>
      {family === 'custom' ? text('name', { placeholder: 'Ollama', hint: t('name_hint') }) : null}
      {family === 'custom'
        ? text('baseURL', { placeholder: PLACEHOLDERS.custom, hint: t('base_url_hint_custom') })
        : null}
      {family === 'azureOpenAI' ? (
        <>
          {text('azureInstance', { placeholder: 'my-resource', hint: t('azure_instance_hint') })}
          <div className="grid gap-4 sm:grid-cols-2">
            {text('azureDeployment', { hint: t('azure_deployment_hint') })}
            {text('azureApiVersion', { placeholder: '2024-10-21' })}
          </div>
        </>
      ) : null}
      {family === 'bedrock' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          {text('bedrockRegion', { placeholder: 'us-east-1' })}
          {text('bedrockAccessKeyId', { placeholder: 'AKIA…' })}
        </div>
      ) : null}
      {keyField}
      {family === 'openAI' || family === 'anthropic'
        ? text('baseURL', { placeholder: PLACEHOLDERS[family], hint: t('base_url_hint_optional') })
        : null}
    </div>
  );
}

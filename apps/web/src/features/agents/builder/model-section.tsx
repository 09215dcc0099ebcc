import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NativeSelect } from '../../../components/ui/select';
import { useEndpointsQuery, useModelsQuery } from '../../chat/api/chat-queries';
import { sortedEndpoints } from '../../chat/header/model-selection';
import { getEndpointFamily, getEndpointLabel } from '../../model-selector/endpoint-meta';
import { SliderRow } from '../../parameters/slider-row';
import { AGENT_PARAMETERS, type AgentForm } from './agent-form';
import { BuilderSection } from './builder-fields';

/** Endpoints that cannot run an agent themselves (they are agents or assistants of their own). */
const NOT_PROVIDERS = new Set(['agents', 'assistants', 'azureAssistants', 'gptPlugins']);

/** The agent's provider and model (from /api/endpoints and /api/models) and its parameters. */
export function ModelSection({
  form,
  onChange,
  isReadOnly,
}: {
  form: AgentForm;
  onChange(patch: Partial<AgentForm>): void;
  isReadOnly: boolean;
}) {
  const { t } = useTranslation('agents');
  const { t: tp } = useTranslation('parameters');
  const endpoints = useEndpointsQuery();
  const models = useModelsQuery();
  const providers = useMemo(
    () =>
      endpoints.data
        ? sortedEndpoints(endpoints.data).filter(
            (name) => !NOT_PROVIDERS.has(getEndpointFamily(name, endpoints.data[name])),
          )
        : [],
    [endpoints.data],
  );
  const providerModels = models.data?.[form.provider] ?? [];
  // A new agent starts on the first provider and its first model.
  useEffect(() => {
    if (isReadOnly || form.provider || !providers[0] || !models.data) return;
    const provider = providers[0];
    onChange({ provider, model: models.data[provider]?.[0] ?? '' });
  }, [isReadOnly, form.provider, providers, models.data, onChange]);

  const providerOptions = providers.map((name) => ({ value: name, label: getEndpointLabel(name, endpoints.data) }));
  if (form.provider && !providers.includes(form.provider))
    providerOptions.unshift({ value: form.provider, label: form.provider });
  const modelOptions = providerModels.map((m) => ({ value: m, label: m }));
  if (form.model && !providerModels.includes(form.model)) modelOptions.unshift({ value: form.model, label: form.model });
  if (!form.model) modelOptions.unshift({ value: '', label: t('builder.choose_model') });

  return (
    <BuilderSection title={t('builder.model')} testId="agent-model-section">
      {/* minmax(0, 1fr): a long endpoint name ends in an ellipsis instead of widening its column. */}
      <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)] gap-2">
        <NativeSelect
          aria-label={t('builder.provider')}
          options={providerOptions}
          value={form.provider}
          title={providerOptions.find((o) => o.value === form.provider)?.label}
          className="min-w-0"
          disabled={isReadOnly}
          onChange={(e) => {
            const provider = e.target.value;
            onChange({ provider, model: models.data?.[provider]?.[0] ?? '' });
          }}
          data-testid="agent-provider"
        />
        <NativeSelect
          aria-label={t('builder.model')}
          options={modelOptions}
          value={form.model}
          title={form.model || undefined}
          className="min-w-0"
          disabled={isReadOnly}
          onChange={(e) => onChange({ model: e.target.value })}
          data-testid="agent-model"
        />
      </div>
      <div className="mt-3.5 flex flex-col gap-3">
        {AGENT_PARAMETERS.map((p) => (
          <SliderRow
            key={p.key}
            name={p.key}
            label={tp(`fields.${p.key}.label`)}
            description={tp(`fields.${p.key}.description`, { defaultValue: '' }) || undefined}
            min={p.min}
            max={p.max}
            step={p.step}
            defaultValue={p.default}
            value={form.parameters[p.key] ?? null}
            hasSlider={p.max !== undefined}
            onChange={(value) => {
              const parameters = { ...form.parameters };
              if (value === null || isReadOnly) delete parameters[p.key];
              else parameters[p.key] = value;
              onChange({ parameters });
            }}
          />
        ))}
      </div>
    </BuilderSection>
  );
}

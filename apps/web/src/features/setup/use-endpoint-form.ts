import type { AdminEndpointView, ConnectionTestResult, ManagedEndpointFamily } from '@confab/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createEndpoint, testEndpointConnection, updateEndpoint } from './setup-api';
import { refreshEndpointQueries } from './setup-queries';
import {
  emptyFormValues,
  errorsFromApi,
  formValuesFromView,
  missingRequiredFields,
  toConnectionTestInput,
  toEndpointInput,
  type EndpointField,
  type EndpointFormValues,
  type FieldErrors,
} from './endpoint-form-values';

/** Fields whose change makes an earlier connection test say nothing about what is typed now. */
const CONNECTION_FIELDS: (keyof EndpointFormValues)[] = [
  'baseURL',
  'apiKey',
  'azureInstance',
  'azureDeployment',
  'azureApiVersion',
  'bedrockRegion',
  'bedrockAccessKeyId',
];

/** The endpoint form's state: values, per-field errors, the connection test and the save. */
export function useEndpointForm({
  saved,
  initialFamily,
  onSaved,
}: {
  saved?: AdminEndpointView | undefined;
  initialFamily: ManagedEndpointFamily;
  onSaved(view: AdminEndpointView): void;
}) {
  const { t } = useTranslation('setup');
  const queryClient = useQueryClient();
  const [values, setValues] = useState<EndpointFormValues>(() =>
    saved ? formValuesFromView(saved) : emptyFormValues(initialFamily),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [generalError, setGeneralError] = useState<string | null>(null);
  const [testResult, setTestResult] = useState<ConnectionTestResult | null>(null);
  // Bumped when new errors arrive (not when typing clears one), so the form focuses the first.
  const [errorFocusRequest, setErrorFocusRequest] = useState(0);
  const showApiError = (error: unknown) => {
    const parsed = errorsFromApi(error, values.family);
    setErrors(parsed.fields);
    setGeneralError(parsed.general ?? null);
    setErrorFocusRequest((n) => n + 1);
  };

  const requireFields = (fields: EndpointField[]): boolean => {
    if (fields.length === 0) return true;
    setErrors(Object.fromEntries(fields.map((field) => [field, t('required')])));
    setErrorFocusRequest((n) => n + 1);
    return false;
  };

  const test = useMutation({
    mutationFn: () => testEndpointConnection(toConnectionTestInput(values, saved?.id)),
    onMutate: () => {
      setTestResult(null);
      setGeneralError(null);
    },
    onSuccess: setTestResult,
    onError: showApiError,
  });

  const save = useMutation({
    mutationFn: () => {
      const input = toEndpointInput(values);
      return saved?.id ? updateEndpoint(saved.id, input) : createEndpoint(input);
    },
    onMutate: () => setGeneralError(null),
    onSuccess: async (view) => {
      await refreshEndpointQueries(queryClient);
      onSaved(view);
    },
    onError: showApiError,
  });

  return {
    values,
    errors,
    generalError,
    testResult,
    errorFocusRequest,
    /** The models the last successful test listed. */
    foundModels: testResult?.ok ? testResult.models : [],
    isTesting: test.isPending,
    isSaving: save.isPending,
    change(patch: Partial<EndpointFormValues>) {
      setValues((current) => ({ ...current, ...patch }));
      setErrors((current) => {
        const next = { ...current };
        for (const key of Object.keys(patch)) delete next[key as EndpointField];
        return next;
      });
      if (Object.keys(patch).some((key) => CONNECTION_FIELDS.includes(key as keyof EndpointFormValues))) {
        setTestResult(null);
      }
    },
    chooseFamily(family: ManagedEndpointFamily) {
      if (family === values.family) return;
      setValues(emptyFormValues(family));
      setErrors({});
      setGeneralError(null);
      setTestResult(null);
    },
    /** Runs the test; false when required fields are missing (their errors are then shown). */
    runTest(): boolean {
      const missing = missingRequiredFields(values).filter((field) => field !== 'name');
      if (!requireFields(missing)) return false;
      test.mutate();
      return true;
    },
    submit(): boolean {
      if (!requireFields(missingRequiredFields(values))) return false;
      save.mutate();
      return true;
    },
  };
}

import { TIMING } from '@confab/shared';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../components/ui/toast-store';
import { ApiError } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { callCodeTool, codeRunKeys, type CodeRunParams, type CodeToolAuth } from './code-run-api';
import { rememberCodeRun } from './code-run-queries';

const USER_PROVIDED = 'user_provided';

/** The failure toast of a run (SPEC 8), by the server's error code. */
function failureKey(error: unknown): string {
  if (!(error instanceof ApiError)) return 'errors.failed';
  switch (error.code) {
    case 'forbidden':
      return 'errors.forbidden';
    case 'code_run_unavailable':
      return 'errors.unavailable';
    case 'run_code_limit':
      return 'errors.too_fast';
    default:
      return 'errors.failed';
  }
}

/**
 * A code block's Run (SPEC 4, Code tool): one press a second (SPEC 9), nothing while a run is in
 * progress; with the remote service set to user_provided and no key installed, the key dialog
 * opens first and the run follows its install. A failure is a toast (SPEC 8); the output of a
 * run, failed programs included, is kept with its block (rememberCodeRun).
 */
export function useRunCode(auth: CodeToolAuth | undefined) {
  const { t } = useTranslation('code-run');
  const lastPressAt = useRef(0);
  const [keyDialog, setKeyDialog] = useState<{ isOpen: boolean; pending: CodeRunParams | null; notice: string | null }>(
    {
      isOpen: false,
      pending: null,
      notice: null,
    },
  );

  const mutation = useMutation({
    mutationFn: callCodeTool,
    onSuccess: (answer, params) => rememberCodeRun(params, answer),
    onError: (error, params) => {
      if (error instanceof ApiError && error.code === 'code_key_required') {
        // No key, or the service refused the one installed: ask for one, then run.
        void queryClient.invalidateQueries({ queryKey: codeRunKeys.auth });
        setKeyDialog({ isOpen: true, pending: params, notice: error.message });
        return;
      }
      showToast({ message: t(failureKey(error)), status: 'error' });
    },
  });

  const run = useCallback(
    (params: CodeRunParams) => {
      const now = Date.now();
      if (now - lastPressAt.current < TIMING.runCodeThrottleMs || mutation.isPending) return;
      lastPressAt.current = now;
      if (auth && !auth.authenticated) {
        if (auth.message === USER_PROVIDED) setKeyDialog({ isOpen: true, pending: params, notice: null });
        // Nothing on this server can run code: say so rather than ask.
        else showToast({ message: t('errors.unavailable'), status: 'error' });
        return;
      }
      mutation.mutate(params);
    },
    [auth, mutation, t],
  );

  const openKeyDialog = useCallback(() => setKeyDialog({ isOpen: true, pending: null, notice: null }), []);
  const setKeyDialogOpen = useCallback((isOpen: boolean) => {
    setKeyDialog((dialog) => (isOpen ? { ...dialog, isOpen } : { isOpen: false, pending: null, notice: null }));
  }, []);
  /** The key is installed: the run that asked for it goes ahead. */
  const onKeyInstalled = useCallback(() => {
    const { pending } = keyDialog;
    setKeyDialog({ isOpen: false, pending: null, notice: null });
    if (pending) mutation.mutate(pending);
  }, [keyDialog, mutation]);

  return {
    run,
    isRunning: mutation.isPending,
    keyDialog: { ...keyDialog, isUserProvided: auth?.message === USER_PROVIDED },
    openKeyDialog,
    setKeyDialogOpen,
    onKeyInstalled,
  };
}

import type { ConnectionTestResult } from '@confab/shared';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert';

/** What the connection test found: the models and how long it took, or why it failed and what to check. */
export function ConnectionTestResultView({ result }: { result: ConnectionTestResult }) {
  const { t } = useTranslation('setup');
  if (result.ok) {
    return (
      <Alert tone="success" testId="connection-result" title={t('test_ok_title', { ms: result.latencyMs })}>
        {result.models.length > 0 ? t('test_ok_models', { count: result.models.length }) : t('test_ok_no_models')}
      </Alert>
    );
  }
  return (
    <Alert tone="error" testId="connection-result" title={t('test_failed_title')}>
      <span className="block break-words">{result.error}</span>
      <span className="mt-1 block text-fg-secondary">{t(`test_advice.${result.code}`)}</span>
    </Alert>
  );
}

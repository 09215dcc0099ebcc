import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { agentKeys } from '../agent-queries';
import { updateUserPlugin, type AgentTool } from '../agents-api';

/**
 * A tool that needs the user's credentials asks for them once (SPEC 2, plugin auth): the
 * fields of its authConfig, kept encrypted by the server (POST /api/user/plugins install).
 */
export function ToolAuthDialog({
  tool,
  onClose,
  onInstalled,
}: {
  tool: AgentTool | null;
  onClose(): void;
  onInstalled(tool: AgentTool): void;
}) {
  const { t } = useTranslation('agents');
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<string, string>>({});
  const fields = tool?.authConfig ?? [];
  const install = useMutation({
    mutationFn: (target: AgentTool) => updateUserPlugin({ pluginKey: target.pluginKey, action: 'install', auth: values }),
    onSuccess: (_, target) => {
      void queryClient.invalidateQueries({ queryKey: agentKeys.tools });
      void queryClient.invalidateQueries({ queryKey: agentKeys.plugins });
      setValues({});
      onInstalled({ ...target, authenticated: true });
    },
  });
  const isComplete = fields.every((f) => (values[f.authField] ?? '').trim() !== '');
  return (
    <Dialog open={!!tool} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        title={t('tools.auth_title', { tool: tool?.name ?? '' })}
        description={t('tools.auth_description')}
        className="max-w-md"
        data-testid="tool-auth-dialog"
      >
        <form
          className="flex flex-col gap-3.5 px-6 pb-6"
          onSubmit={(e) => {
            e.preventDefault();
            if (tool && isComplete) install.mutate(tool);
          }}
        >
          {fields.map((field) => (
            <TextField
              key={field.authField}
              label={field.label}
              hint={field.description}
              type="password"
              autoComplete="off"
              value={values[field.authField] ?? ''}
              onChange={(e) => setValues((v) => ({ ...v, [field.authField]: e.target.value }))}
              data-testid={`tool-auth-${field.authField}`}
            />
          ))}
          {install.error ? (
            <p role="alert" className="text-[13px] text-danger">
              {install.error instanceof ApiError ? install.error.message : t('tools.auth_failed')}
            </p>
          ) : null}
          <div className="mt-2 flex justify-end gap-2">
            <Button variant="outline" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" disabled={!isComplete} isLoading={install.isPending} data-testid="tool-auth-save">
              {t('tools.auth_save')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

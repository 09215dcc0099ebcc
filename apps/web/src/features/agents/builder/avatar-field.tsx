import { useMutation } from '@tanstack/react-query';
import { Camera } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner';
import { showToast } from '../../../components/ui/toast-store';
import { ApiError } from '../../../lib/api-client';
import { AgentAvatar, agentAvatarUrl } from '../agent-avatar';
import { uploadAgentAvatar, type Agent } from '../agents-api';

/** SPEC 5: an avatar is at most 2 MB. */
const MAX_AVATAR_BYTES = 2 * 1024 * 1024;

/** The agent's avatar; a click uploads a new one (a saved agent only: the upload names it). */
export function AvatarField({
  agent,
  isReadOnly,
  onUploaded,
}: {
  agent: Agent | undefined;
  isReadOnly: boolean;
  onUploaded(agent: Agent): void;
}) {
  const { t } = useTranslation('agents');
  const inputRef = useRef<HTMLInputElement>(null);
  const upload = useMutation({
    mutationFn: (file: File) => uploadAgentAvatar(agent?.id ?? '', file),
    onSuccess: onUploaded,
    onError: (err) =>
      showToast({ message: err instanceof ApiError ? err.message : t('builder.avatar_failed'), status: 'error' }),
  });
  const canUpload = !!agent && !isReadOnly;
  return (
    <button
      type="button"
      disabled={!canUpload || upload.isPending}
      onClick={() => inputRef.current?.click()}
      className="focus-ring group relative shrink-0 rounded-2xl disabled:cursor-default"
      aria-label={canUpload ? t('builder.avatar_upload') : t('builder.avatar')}
      title={agent ? undefined : t('builder.avatar_save_first')}
      data-testid="agent-avatar-button"
    >
      <AgentAvatar url={agent ? agentAvatarUrl(agent) : null} size="xl" />
      {canUpload ? (
        <span className="absolute inset-0 flex items-center justify-center rounded-2xl bg-black/45 text-white opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100">
          {upload.isPending ? <Spinner className="size-5" /> : <Camera className="size-5" aria-hidden />}
        </span>
      ) : null}
      <input
        ref={inputRef}
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif"
        className="hidden"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          if (file.size > MAX_AVATAR_BYTES) {
            showToast({ message: t('builder.avatar_too_big'), status: 'error' });
            return;
          }
          upload.mutate(file);
        }}
        data-testid="agent-avatar-input"
      />
    </button>
  );
}

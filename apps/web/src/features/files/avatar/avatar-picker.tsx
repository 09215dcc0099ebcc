import { Camera } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { showToast } from '../../../components/ui/toast-store';
import { ApiError } from '../../../lib/api-client';
import { useAuthStore } from '../../auth/auth-store';
import { primeImage } from '../authed-images';
import { DEFAULT_FILE_CONFIG, useFileConfigQuery } from '../file-queries';
import { uploadAvatar } from '../files-api';
import { checkAvatarFile } from './avatar-rules';
import { UserAvatar } from './user-avatar';

/**
 * The Account tab's picture: choose an image, see it in place, then save it (POST
 * /api/files/images/avatar). The user menu shows the new picture at once.
 */
export function AvatarPicker() {
  const { t } = useTranslation('files');
  const user = useAuthStore((s) => s.user);
  const setUser = useAuthStore((s) => s.setUser);
  const limitMb = (useFileConfigQuery().data ?? DEFAULT_FILE_CONFIG).avatarSizeLimit;
  const inputRef = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<{ file: File; url: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  useEffect(() => () => (chosen ? URL.revokeObjectURL(chosen.url) : undefined), [chosen]);

  if (!user) return null;
  const displayName = user.name || user.username || user.email;

  const choose = (file: File) => {
    const problem = checkAvatarFile(file, limitMb);
    if (problem) {
      setError(problem.kind === 'too_large' ? problem.message : t('avatar_not_image'));
      setChosen(null);
      return;
    }
    setError(null);
    setChosen({ file, url: URL.createObjectURL(file) });
  };

  const save = async () => {
    if (!chosen) return;
    setIsSaving(true);
    try {
      const { url } = await uploadAvatar(chosen.file);
      primeImage(url, chosen.file);
      const current = useAuthStore.getState().user;
      if (current) setUser({ ...current, avatar: url });
      setChosen(null);
      showToast({ message: t('avatar_uploaded'), status: 'success' });
    } catch (err) {
      const body = err instanceof ApiError ? (err.body as { message?: unknown } | null) : null;
      setError(body && typeof body.message === 'string' && body.message ? body.message : t('avatar_error'));
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <div className="flex items-center gap-4 border-b border-line py-4" data-testid="avatar-picker">
      <button
        type="button"
        onClick={() => inputRef.current?.click()}
        aria-label={t('avatar_choose')}
        className="focus-ring group/avatar relative shrink-0 rounded-full"
      >
        {chosen ? (
          <img
            src={chosen.url}
            alt={t('avatar_preview')}
            className="size-16 rounded-full object-cover"
            data-testid="avatar-preview"
          />
        ) : (
          <UserAvatar name={displayName} src={user.avatar} className="size-16 text-2xl" />
        )}
        <span className="absolute inset-0 flex items-center justify-center rounded-full bg-black/45 text-white opacity-0 transition-opacity group-hover/avatar:opacity-100 group-focus-visible/avatar:opacity-100">
          <Camera className="size-5" aria-hidden />
        </span>
      </button>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-fg">{t('avatar')}</p>
        <p className="mt-0.5 text-[13px] text-fg-tertiary">{t('avatar_description', { mb: limitMb })}</p>
        {error ? (
          <p role="alert" className="mt-1.5 text-[13px] text-danger" data-testid="avatar-error">
            {error}
          </p>
        ) : null}
        <div className="mt-2.5 flex flex-wrap gap-2">
          {chosen ? (
            <>
              <Button size="sm" onClick={() => void save()} isLoading={isSaving} data-testid="avatar-save">
                {t('avatar_upload')}
              </Button>
              <Button variant="outline" size="sm" onClick={() => setChosen(null)} disabled={isSaving}>
                {t('avatar_cancel')}
              </Button>
            </>
          ) : (
            <Button variant="outline" size="sm" onClick={() => inputRef.current?.click()} data-testid="avatar-choose">
              {t('avatar_choose')}
            </Button>
          )}
        </div>
      </div>
      <input
        ref={inputRef}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        tabIndex={-1}
        className="hidden"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) choose(file);
        }}
        data-testid="avatar-input"
      />
    </div>
  );
}

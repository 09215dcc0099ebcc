import { BANNER_MESSAGE_MAX, bannerInputSchema, type AdminBanner, type BannerInput } from '@confab/shared';
import { Megaphone, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Switch } from '../../../components/ui/switch';
import { showToast } from '../../../components/ui/toast-store';
import { ApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import BannerMarkdown from '../../banner/banner-markdown';
import { useSaveBanner } from './admin-banners-api';
import { fromLocalInputValue, localTimeZone, toLocalInputValue } from './local-date-time';

interface Draft {
  message: string;
  from: string;
  to: string;
  isPublic: boolean;
  isDismissible: boolean;
}

function draftOf(banner: AdminBanner | null): Draft {
  return {
    message: banner?.message ?? '',
    from: toLocalInputValue(banner?.displayFrom ?? new Date()),
    to: banner?.displayTo ? toLocalInputValue(banner.displayTo) : '',
    isPublic: banner?.isPublic ?? false,
    isDismissible: !(banner?.persistable ?? false),
  };
}

type Errors = Partial<Record<'message' | 'displayFrom' | 'displayTo', string>>;

/** The draft as the API's input, or the first problem of each field (the server's own schema). */
function validate(draft: Draft, t: (key: string) => string): { input?: BannerInput; errors: Errors } {
  const displayFrom = fromLocalInputValue(draft.from);
  const parsed = bannerInputSchema.safeParse({
    message: draft.message,
    displayFrom: displayFrom ?? '',
    displayTo: draft.to ? (fromLocalInputValue(draft.to) ?? 'invalid') : null,
    isPublic: draft.isPublic,
    persistable: !draft.isDismissible,
  });
  if (parsed.success) return { input: parsed.data, errors: {} };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof Errors;
    if (errors[field]) continue;
    errors[field] =
      field === 'message'
        ? draft.message.trim()
          ? t('error_message_long')
          : t('error_message_required')
        : field === 'displayTo' && issue.message.includes('after')
          ? t('error_end_before_start')
          : t('error_date');
  }
  return { errors };
}

function ToggleRow({ label, hint, isChecked, onChange, testId }: { label: string; hint: string; isChecked: boolean; onChange(v: boolean): void; testId: string }) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4 py-1">
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-medium text-fg">
          {label}
        </label>
        <p className="mt-0.5 text-[13px] leading-snug text-fg-tertiary">{hint}</p>
      </div>
      <Switch id={id} isChecked={isChecked} onCheckedChange={onChange} className="mt-0.5" data-testid={testId} />
    </div>
  );
}

/** Create or edit a banner, with a live preview drawn as the app draws it. */
export function BannerDialog({ banner, isOpen, onOpenChange }: { banner: AdminBanner | null; isOpen: boolean; onOpenChange(open: boolean): void }) {
  const { t } = useTranslation(['admin-banners', 'common']);
  const save = useSaveBanner();
  const [draft, setDraft] = useState(() => draftOf(banner));
  const [isSubmitted, setIsSubmitted] = useState(false);
  const ids = { message: useId(), from: useId(), to: useId() };
  const { input, errors } = validate(draft, t);
  const shown = isSubmitted ? errors : {};
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const failure = save.error ? (save.error instanceof ApiError && save.error.message ? save.error.message : t('save_failed')) : null;
  const timeZone = localTimeZone();

  const submit = () => {
    setIsSubmitted(true);
    if (!input) return;
    save.mutate(
      { bannerId: banner?.bannerId ?? null, input },
      {
        onSuccess: () => {
          onOpenChange(false);
          showToast({ message: banner ? t('updated') : t('created'), status: 'success' });
        },
      },
    );
  };

  const fieldError = (id: string, message: string | undefined) =>
    message ? (
      <p id={`${id}-error`} className="mt-1.5 text-[13px] text-danger">
        {message}
      </p>
    ) : null;

  return (
    <Dialog open={isOpen} onOpenChange={(next) => !save.isPending && onOpenChange(next)}>
      <DialogContent title={banner ? t('edit_title') : t('create_title')} description={t('dialog_description')} className="max-w-xl" data-testid="banner-dialog">
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
          className="flex flex-col gap-5 px-6 pb-6"
        >
          {failure ? <Alert>{failure}</Alert> : null}
          <div>
            <div className="flex items-baseline justify-between gap-3">
              <label htmlFor={ids.message} className="text-sm font-medium text-fg">
                {t('message')}
              </label>
              <span className={cn('text-xs tabular-nums', draft.message.length > BANNER_MESSAGE_MAX ? 'text-danger' : 'text-fg-tertiary')}>
                {draft.message.length}/{BANNER_MESSAGE_MAX}
              </span>
            </div>
            <textarea
              id={ids.message}
              value={draft.message}
              onChange={(e) => set({ message: e.target.value })}
              rows={3}
              autoFocus
              placeholder={t('message_placeholder')}
              aria-invalid={Boolean(shown.message) || undefined}
              aria-describedby={`${ids.message}-hint`}
              className={cn(
                'mt-1.5 block w-full resize-y rounded-xl border bg-surface px-3.5 py-3 text-[15px] leading-relaxed text-fg outline-none placeholder:text-fg-tertiary',
                'focus:border-accent focus:ring-3 focus:ring-accent/20',
                shown.message ? 'border-danger' : 'border-line-control',
              )}
              data-testid="banner-message"
            />
            <p id={`${ids.message}-hint`} className="mt-1.5 text-[13px] text-fg-tertiary">
              {t('message_hint')}
            </p>
            {fieldError(ids.message, shown.message)}
          </div>

          <div>
            <p className="text-sm font-medium text-fg">{t('preview')}</p>
            <div className="mt-1.5 overflow-hidden rounded-xl border border-line" data-testid="banner-preview">
              {draft.message.trim() ? (
                <div className="relative flex min-h-10 items-center justify-center gap-2.5 bg-accent px-10 py-2 text-center text-sm font-medium text-on-accent">
                  <Megaphone className="hidden size-4 shrink-0 opacity-90 sm:block" aria-hidden />
                  <BannerMarkdown text={draft.message} className="break-words" />
                  {draft.isDismissible ? <X className="absolute top-1/2 right-3 size-4 -translate-y-1/2 opacity-90" aria-hidden /> : null}
                </div>
              ) : (
                <p className="px-4 py-3 text-center text-[13px] text-fg-tertiary">{t('preview_empty')}</p>
              )}
            </div>
          </div>

          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <div className="flex h-5 items-center">
                <label htmlFor={ids.from} className="text-sm font-medium text-fg">
                  {t('display_from')}
                </label>
              </div>
              <Input
                id={ids.from}
                type="datetime-local"
                value={draft.from}
                onChange={(e) => set({ from: e.target.value })}
                hasError={Boolean(shown.displayFrom)}
                className="mt-1.5 h-11"
                data-testid="banner-from"
              />
              {fieldError(ids.from, shown.displayFrom)}
            </div>
            <div>
              <div className="flex h-5 items-center justify-between gap-2">
                <label htmlFor={ids.to} className="text-sm font-medium text-fg">
                  {t('display_to')}
                </label>
                {draft.to ? (
                  <Button variant="link" className="text-xs" onClick={() => set({ to: '' })} data-testid="banner-to-clear">
                    {t('no_end')}
                  </Button>
                ) : (
                  <span className="text-xs text-fg-tertiary">{t('optional')}</span>
                )}
              </div>
              <Input
                id={ids.to}
                type="datetime-local"
                value={draft.to}
                min={draft.from || undefined}
                onChange={(e) => set({ to: e.target.value })}
                hasError={Boolean(shown.displayTo)}
                className="mt-1.5 h-11"
                data-testid="banner-to"
              />
              {fieldError(ids.to, shown.displayTo)}
            </div>
            <p className="-mt-2 text-[13px] text-fg-tertiary sm:col-span-2">
              {timeZone ? t('time_zone_hint', { zone: timeZone }) : null} {draft.to ? null : t('no_end_hint')}
            </p>
          </div>

          <div className="flex flex-col gap-3 rounded-xl border border-line px-4 py-3">
            <ToggleRow
              label={t('public')}
              hint={t('public_hint')}
              isChecked={draft.isPublic}
              onChange={(isPublic) => set({ isPublic })}
              testId="banner-public"
            />
            <div className="h-px bg-line" aria-hidden />
            <ToggleRow
              label={t('dismissible')}
              hint={t('dismissible_hint')}
              isChecked={draft.isDismissible}
              onChange={(isDismissible) => set({ isDismissible })}
              testId="banner-dismissible"
            />
          </div>

          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline" disabled={save.isPending}>
                {t('common:cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" isLoading={save.isPending} data-testid="banner-save">
              {banner ? t('save') : t('publish')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

import { SearchX } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { buttonClasses } from '../../components/ui/button-variants';
import { Skeleton } from '../../components/ui/skeleton';
import { useAuth } from '../auth/use-auth';
import { useDocumentTitle } from '../config/use-document-title';
import { ConfirmDialog } from '../conversations/confirm-dialog';
import { PromptBackLink } from './prompt-back-link';
import { PromptDetailHeader } from './prompt-detail-header';
import { PromptDetailsCard } from './prompt-details-card';
import { PromptCard } from './prompt-fields';
import { usePromptGroup, usePromptPermissions, usePromptVersions } from './prompt-queries';
import { isSharedGlobally, promptAccess } from './prompt-rules';
import { PromptSharingCard } from './prompt-sharing-card';
import { PromptTextView } from './prompt-text-view';
import { PromptVersionsSection } from './prompt-versions-section';
import { usePromptCategoryOptions } from './use-prompt-categories';
import { useDeletePromptGroup, useRecordPromptUse } from './use-prompt-mutations';

function DetailSkeleton() {
  return (
    <div className="flex flex-col gap-4" aria-hidden>
      <Skeleton className="h-7 w-1/2" />
      <Skeleton className="h-4 w-1/3" />
      <Skeleton className="h-48 w-full rounded-2xl" />
      <Skeleton className="h-32 w-full rounded-2xl" />
    </div>
  );
}

/** A prompt's facts for those who only read it: category, command, one-liner. */
function PromptAbout({
  category,
  command,
  oneliner,
}: {
  category: string;
  command?: string | undefined;
  oneliner: string;
}) {
  const { t } = useTranslation('prompts');
  const { labelOf } = usePromptCategoryOptions();
  if (!category && !command && !oneliner) return null;
  return (
    <PromptCard title={t('details')} testId="prompt-about">
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-y-3">
        {oneliner ? (
          <>
            <dt className="text-fg-tertiary">{t('oneliner')}</dt>
            <dd className="mb-2 text-fg sm:mb-0">{oneliner}</dd>
          </>
        ) : null}
        {category ? (
          <>
            <dt className="text-fg-tertiary">{t('category_label')}</dt>
            <dd className="mb-2 text-fg sm:mb-0">{labelOf(category)}</dd>
          </>
        ) : null}
        {command ? (
          <>
            <dt className="text-fg-tertiary">{t('command')}</dt>
            <dd className="font-mono text-fg">/{command}</dd>
          </>
        ) : null}
      </dl>
    </PromptCard>
  );
}

/** /d/prompts/:groupId: one prompt, editable by who may, read-only for everyone else. */
export function PromptDetailPage() {
  const { t } = useTranslation('prompts');
  const { groupId = '' } = useParams();
  const navigate = useNavigate();
  const { user } = useAuth();
  const permissions = usePromptPermissions();
  const group = usePromptGroup(groupId);
  const versions = usePromptVersions(groupId);
  const deleteGroup = useDeletePromptGroup();
  const recordUse = useRecordPromptUse();
  const [isDeleting, setIsDeleting] = useState(false);
  useDocumentTitle(group.data?.name ?? t('title'));

  const wrap = (children: ReactNode) => (
    <div
      className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 pt-4 pb-16 sm:px-6 md:pt-6"
      data-testid="prompt-detail"
    >
      <PromptBackLink />
      {children}
    </div>
  );

  if (group.isPending) return wrap(<DetailSkeleton />);
  if (group.isError) {
    return wrap(
      <div className="flex flex-col items-center py-16 text-center" data-testid="prompt-not-found">
        <span className="flex size-12 items-center justify-center rounded-2xl bg-surface-tertiary text-fg-secondary">
          <SearchX className="size-6" aria-hidden />
        </span>
        <h2 className="mt-4 text-lg font-semibold text-fg">{t('not_found_title')}</h2>
        <p className="mt-1 max-w-sm text-sm text-fg-secondary">{t('not_found_body')}</p>
        <Link to="/d/prompts" className={buttonClasses('outline', 'md', 'mt-5')}>
          {t('all_prompts')}
        </Link>
      </div>,
    );
  }

  const data = group.data;
  const isShared = isSharedGlobally(data, permissions.instanceProjectId);
  const access = promptAccess(
    { ...data, isShared },
    { userId: user?.id, canCreate: permissions.canCreate, isAdmin: permissions.isAdmin },
  );
  const productionText =
    versions.data?.find((v) => v._id === data.productionId)?.prompt ?? data.productionPrompt?.prompt ?? '';
  const leave = () => void navigate('/d/prompts', { replace: true });

  return wrap(
    <>
      <PromptDetailHeader
        group={data}
        isShared={isShared}
        isMine={access.isAuthor}
        canStartChat={productionText.trim() !== ''}
        onStartChat={() => {
          recordUse.mutate(data._id);
          // The chat page reads ?prompt= into its input (SPEC 2) and clears it from the address.
          void navigate(`/c/new?prompt=${encodeURIComponent(productionText)}`);
        }}
        {...(access.canManage ? { onDelete: () => setIsDeleting(true) } : {})}
      />
      {access.canManage ? (
        <PromptDetailsCard key={data._id} group={data} />
      ) : (
        <PromptAbout category={data.category} command={data.command} oneliner={data.oneliner} />
      )}
      {access.canEditText ? (
        versions.isPending ? (
          <Skeleton className="h-64 w-full rounded-2xl" />
        ) : (
          <PromptVersionsSection
            group={data}
            versions={versions.data ?? []}
            canDelete={access.canManage}
            onGroupDeleted={leave}
          />
        )
      ) : (
        <PromptCard title={t('text')} testId="prompt-readonly">
          <PromptTextView text={productionText} testId="prompt-readonly-text" />
        </PromptCard>
      )}
      {access.canManage ? (
        <PromptSharingCard
          group={data}
          isShared={isShared}
          canShareGlobal={permissions.canShareGlobal}
          instanceProjectId={permissions.instanceProjectId}
        />
      ) : null}
      <ConfirmDialog
        isOpen={isDeleting}
        onOpenChange={setIsDeleting}
        title={t('delete_prompt_title', { name: data.name })}
        confirmLabel={t('delete')}
        isPending={deleteGroup.isPending}
        onConfirm={() =>
          deleteGroup.mutate(data._id, {
            onSuccess: () => {
              setIsDeleting(false);
              leave();
            },
          })
        }
        testId="prompt-delete-dialog"
      >
        {t('delete_prompt_body')}
      </ConfirmDialog>
    </>,
  );
}

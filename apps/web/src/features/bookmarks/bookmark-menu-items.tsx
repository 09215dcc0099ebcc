import type { Conversation } from '@confab/shared';
import * as Menu from '@radix-ui/react-dropdown-menu';
import { Bookmark, BookmarkCheck, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { SAVED_TAG, type ConversationTag } from './bookmarks-api';

type TagOption = Pick<ConversationTag, 'tag' | 'count' | 'description'>;
import { useTagsQuery, useToggleBookmark } from './use-bookmarks';

export const menuItemClass =
  'flex cursor-pointer items-center gap-2.5 rounded-lg px-2.5 py-2 text-sm outline-none select-none data-[disabled]:pointer-events-none data-[disabled]:opacity-50 data-[highlighted]:bg-surface-hover [&_svg]:size-[18px] [&_svg]:shrink-0 [&_svg]:text-fg-secondary';

/**
 * The inside of a bookmark menu: "New bookmark", then every bookmark as a check item that
 * adds or removes it on the conversation. With no bookmarks yet, the reserved "Saved" one is
 * offered (it is created on first use).
 */
export function BookmarkMenuItems({
  conversation,
  onCreate,
}: {
  conversation: Pick<Conversation, 'conversationId' | 'tags'>;
  onCreate(): void;
}) {
  const { t } = useTranslation('bookmarks');
  const tags = useTagsQuery();
  const toggle = useToggleBookmark();
  // The server always has "Saved"; offer it even before the list has answered once.
  const list: TagOption[] = tags.data?.length ? tags.data : [{ tag: SAVED_TAG, count: 0, description: null }];
  const current = conversation.tags ?? [];

  return (
    <>
      <Menu.Item className={menuItemClass} onSelect={onCreate} data-testid="bookmark-new">
        <Plus aria-hidden />
        {t('new_bookmark')}
      </Menu.Item>
      <Menu.Separator className="mx-1 my-1 h-px bg-line" />
      {tags.isPending ? (
        <div className="flex justify-center py-3 text-fg-tertiary">
          <Spinner className="size-4" />
        </div>
      ) : (
        <div className="scrollbar-thin max-h-72 overflow-y-auto" data-testid="bookmark-options">
          {list.map((item) => {
            const isChecked = current.includes(item.tag);
            return (
              <Menu.CheckboxItem
                key={item.tag}
                checked={isChecked}
                onSelect={(event) => {
                  // Keep the menu open: several bookmarks are often toggled in a row.
                  event.preventDefault();
                  toggle(conversation, item.tag);
                }}
                className={cn(menuItemClass, 'pr-3')}
                data-testid="bookmark-option"
                data-tag={item.tag}
              >
                {isChecked ? <BookmarkCheck className="!text-accent" aria-hidden /> : <Bookmark aria-hidden />}
                <span className="min-w-0 flex-1 truncate" title={item.description ?? undefined}>
                  {item.tag}
                </span>
                {item.count > 0 ? <span className="text-xs text-fg-tertiary tabular-nums">{item.count}</span> : null}
              </Menu.CheckboxItem>
            );
          })}
        </div>
      )}
    </>
  );
}

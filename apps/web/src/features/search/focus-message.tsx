import { buildMessageTree, selectBranch, type Message } from '@confab/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { apiJson } from '../../lib/api-client';
import { getBranchChoices, setBranchChoices } from '../chat/branches/branch-store';
import { conversationKeys } from '../conversations/conversation-queries';
import { useOpenConversationId } from '../conversations/use-conversation-actions';
import { branchChoicesFor } from './branch-path';

const HIGHLIGHT_MS = 2500;
const MAX_FRAMES = 90;

/** A short-lived style that tints the focused message row (it survives re-renders and virtualisation). */
function flashMessage(messageId: string): void {
  const style = document.createElement('style');
  const selector = `[data-testid="message"][data-message-id="${CSS.escape(messageId)}"]`;
  style.textContent = `${selector}{background-color:color-mix(in srgb,var(--accent) 9%,transparent);border-radius:1rem;transition:background-color .8s ease-out}`;
  document.head.append(style);
  setTimeout(() => style.remove(), HIGHLIGHT_MS);
}

/**
 * Scrolls the chat's virtualised message list until the row of `messageId` is centred. Rows
 * outside the viewport are not in the DOM, so it first jumps to the row's estimated place
 * (`index / count` of the height), then centres the row once rendered.
 */
function scrollToMessage(messageId: string, index: number, count: number, onDone: () => void): () => void {
  let frame = 0;
  let settled = 0;
  let id = 0;
  let hasReleased = false;
  const tick = () => {
    frame++;
    const list = document.querySelector<HTMLElement>('[data-testid="message-list"]');
    if (list) {
      if (!hasReleased) {
        // Tells the list the user scrolled up, so it stops following the bottom.
        list.dispatchEvent(new WheelEvent('wheel', { deltaY: -1, bubbles: true }));
        hasReleased = true;
      }
      const row = list.querySelector<HTMLElement>(`[data-message-id="${CSS.escape(messageId)}"]`);
      if (row) {
        const rowTop = row.getBoundingClientRect().top - list.getBoundingClientRect().top + list.scrollTop;
        const target = Math.max(0, rowTop - Math.max(24, (list.clientHeight - row.offsetHeight) / 2));
        if (Math.abs(list.scrollTop - target) < 2) settled++;
        else {
          settled = 0;
          list.scrollTop = target;
        }
      } else if (count > 0) {
        list.scrollTop = Math.max(0, (index / count) * list.scrollHeight - list.clientHeight / 2);
      }
    }
    if (settled >= 3 || frame >= MAX_FRAMES) onDone();
    else id = requestAnimationFrame(tick);
  };
  // Let the list open at its end first (it settles over a few frames), then move.
  const start = setTimeout(() => (id = requestAnimationFrame(tick)), 250);
  return () => {
    clearTimeout(start);
    cancelAnimationFrame(id);
  };
}

/**
 * On /c/{id}?messageId=…, the link of a search result: shows the branch that holds the
 * message, scrolls to it and tints it briefly, then drops the parameter from the URL.
 * Mounted beside the chat page; it only reads the chat's message cache and branch memory.
 */
export function FocusMessageFromUrl() {
  const conversationId = useOpenConversationId();
  const location = useLocation();
  const navigate = useNavigate();
  const messageId = new URLSearchParams(location.search).get('messageId');
  const isActive = !!conversationId && !!messageId;
  const messages = useQuery<Message[]>({
    queryKey: conversationKeys.messages(conversationId ?? ''),
    queryFn: ({ signal }) =>
      apiJson<Message[]>(`/api/messages/${encodeURIComponent(conversationId ?? '')}`, { signal }),
    enabled: isActive,
    staleTime: 5 * 60_000,
  });
  const handled = useRef<string | null>(null);
  const cancelScroll = useRef<(() => void) | null>(null);
  const latest = useRef({ location, navigate });
  latest.current = { location, navigate };

  // A scroll in progress survives re-renders (new message data, the URL update), and stops
  // when another conversation opens or the page goes away.
  useEffect(() => () => cancelScroll.current?.(), [conversationId]);

  useEffect(() => {
    if (!conversationId || !messageId || !messages.data) return;
    const key = `${location.key}:${messageId}`;
    if (handled.current === key) return;
    handled.current = key;
    const roots = buildMessageTree(messages.data);
    const path = branchChoicesFor(roots, messageId);
    const choices = { ...getBranchChoices(conversationId), ...(path ?? {}) };
    if (path && Object.keys(path).length) setBranchChoices(conversationId, choices);
    const branch = selectBranch(roots, choices);
    const index = branch.findIndex((n) => n.messageId === messageId);
    const finish = () => {
      const { location: now, navigate: go } = latest.current;
      const params = new URLSearchParams(now.search);
      params.delete('messageId');
      const search = params.toString();
      void go({ pathname: now.pathname, search: search ? `?${search}` : '' }, { replace: true, state: now.state });
    };
    if (index < 0) {
      finish();
      return;
    }
    flashMessage(messageId);
    cancelScroll.current?.();
    cancelScroll.current = scrollToMessage(messageId, index, branch.length, () => {
      cancelScroll.current = null;
      finish();
    });
  }, [conversationId, messageId, messages.data, location.key]);

  return null;
}

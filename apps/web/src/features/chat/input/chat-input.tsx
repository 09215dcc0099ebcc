import { LAYOUT, pastedFileName, type MessageFile } from '@confab/shared';
import { ArrowUp, ClipboardPaste, Maximize2, Minimize2, Square } from 'lucide-react';
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ClipboardEvent,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Tooltip } from '../../../components/ui/tooltip';
import { cn } from '../../../lib/cn';
import { useSmallScreen } from '../../layout/use-small-screen';
import { useChatPreferences } from '../../settings/chat-preferences';
import { dispatchAttachments } from '../../files/attachments-store';
import { toMessageFile } from '../../files/upload-state';
import { MemeGalleryButton } from '../../memes/gallery/meme-gallery-button';
import { useDictation } from '../../speech/recorder/dictation';
import { MicrophoneButton } from '../../speech/recorder/microphone-button';
import { useDraft } from '../drafts/use-draft';
import { AttachButton } from './attach-button';
import { AttachmentPreviews } from './attachment-previews';
import { setComposerText, useComposerStore } from './composer-store';
import { MENTION_LISTBOX_ID, MentionPopover, mentionOptionId } from './mention-popover';
import { isSendKey } from './send-key';
import { useMention, type ModelChoices } from './use-mention';
import type { FileAttach } from './use-file-attach';

export interface ChatInputProps {
  draftId: string;
  sessionKey: string;
  modelLabel: string | null;
  isSubmitting: boolean;
  /** Inputs disabled (no model to send to). */
  isDisabled: boolean;
  /** Sends the text and files; false when it was not sent (they then stay). */
  onSend: (text: string, files: MessageFile[]) => boolean;
  /** The attached files and how to add more. */
  attach: FileAttach;
  onStop: () => void;
  /** An empty conversation: on small screens the send button sits under the box (SPEC 2). */
  isLanding?: boolean;
  /** The chat page's model choices, for the @ command; without them there is none. */
  modelChoices?: ModelChoices;
}

function hasClipboardRead(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.clipboard?.readText === 'function';
}

/**
 * The message box (SPEC 2 and 4): grows with its text up to 45vh (55vh on desktop, 30vh on a
 * short screen), and past 3 lines can collapse to one. Which keys send follows the "enter to
 * send" preference (see `isSendKey`); the box takes the chat direction preference.
 */
export function ChatInput({
  draftId,
  sessionKey,
  modelLabel,
  isSubmitting,
  isDisabled,
  onSend,
  onStop,
  attach,
  isLanding = false,
  modelChoices,
}: ChatInputProps) {
  const { t } = useTranslation('chat');
  const text = useComposerStore((s) => s.text);
  const focusRequest = useComposerStore((s) => s.focusRequest);
  const sendRequest = useComposerStore((s) => s.sendRequest);
  const dictation = useDictation((s) => s.state);
  const { clearDraft } = useDraft(draftId, sessionKey);
  const isEnterToSend = useChatPreferences((s) => s.enterToSend);
  const chatDirection = useChatPreferences((s) => s.chatDirection);
  const isSendBelow = useSmallScreen() && isLanding;
  const areaRef = useRef<HTMLTextAreaElement>(null);
  const [isMultiLine, setIsMultiLine] = useState(false);
  const [isCollapsed, setIsCollapsed] = useState(false);
  const mention = useMention(text, areaRef, modelChoices);

  const isBlank = text.trim().length === 0;
  // SPEC 4: not while a file is still uploading.
  const canSend = !isBlank && !isSubmitting && !isDisabled && !attach.isLoading;

  useLayoutEffect(() => {
    const area = areaRef.current;
    if (!area) return;
    area.style.height = 'auto';
    const lineHeight = Number.parseFloat(getComputedStyle(area).lineHeight) || 24;
    const lines = Math.round(area.scrollHeight / lineHeight);
    setIsMultiLine(lines > LAYOUT.inputMultiLineThreshold);
    area.style.height = `${area.scrollHeight}px`;
  }, [text, isCollapsed]);

  // Collapsing shows one whole line, the last (the scroll position kept from the tall box would
  // show parts of two). Runs after the sizing above.
  useLayoutEffect(() => {
    const area = areaRef.current;
    if (isCollapsed && area) area.scrollTop = area.scrollHeight;
  }, [isCollapsed]);

  useEffect(() => {
    if (!isMultiLine) setIsCollapsed(false);
  }, [isMultiLine]);

  useEffect(() => {
    areaRef.current?.focus({ preventScroll: true });
  }, [sessionKey, focusRequest]);

  const send = () => {
    if (!canSend) return;
    if (onSend(text, attach.attachments.map(toMessageFile))) {
      setComposerText('');
      clearDraft();
      dispatchAttachments(attach.draftId, { type: 'cleared' });
      setIsCollapsed(false);
    }
  };

  // Dictation's auto-send presses send for the user, with the same checks as the button.
  const lastSendRequest = useRef(sendRequest);
  useEffect(() => {
    if (lastSendRequest.current === sendRequest) return;
    lastSendRequest.current = sendRequest;
    send();
  });

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (mention.handleKeyDown(e)) return;
    const press = {
      key: e.key,
      shiftKey: e.shiftKey,
      ctrlKey: e.ctrlKey,
      metaKey: e.metaKey,
      // keyCode 229: the IME is still composing in browsers that do not set isComposing.
      isComposing: e.nativeEvent.isComposing || e.keyCode === 229,
    };
    if (!isSendKey(press, isEnterToSend)) return;
    e.preventDefault();
    send();
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    send();
  };

  // Files on the clipboard (a screenshot, files copied in a file manager) are attached, renamed
  // with the clipboard prefix (SPEC 5); text pastes as usual.
  const onPaste = (e: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = [...e.clipboardData.files];
    if (files.length === 0) return;
    if (!e.clipboardData.types.includes('text/plain')) e.preventDefault();
    attach.add(
      files.map((f) => new File([f], pastedFileName(f.name, f.type), { type: f.type, lastModified: f.lastModified })),
    );
  };

  const pasteFromClipboard = async () => {
    try {
      const clip = await navigator.clipboard.readText();
      if (clip) setComposerText(text + clip);
      areaRef.current?.focus();
    } catch {
      // Permission refused: nothing to paste.
    }
  };

  const placeholder =
    dictation === 'recording'
      ? t('speech:microphone.listening')
      : dictation === 'transcribing'
        ? t('speech:microphone.transcribing')
        : modelLabel
          ? t('input.placeholder', { model: modelLabel })
          : t('input.placeholder_default');

  return (
    <form onSubmit={onSubmit} dir={chatDirection} className="w-full" data-testid="chat-form">
      {/* Focus in the text darkens the border to a 3:1 contrast with the page: the lighter grey it
          had before could not be seen. The buttons inside show their own ring instead. */}
      <div
        data-testid="chat-box"
        className={cn(
          'relative flex w-full flex-col rounded-[28px] border border-line bg-surface shadow-[0_2px_12px_-2px_var(--shadow-color)] transition-[border-color,box-shadow] has-[textarea:focus-visible]:border-fg-tertiary dark:bg-surface-tertiary',
        )}
      >
        <MentionPopover mention={mention} />
        <AttachmentPreviews attachments={attach.attachments} onRemove={attach.remove} />
        {/* The collapse button sits at the text's corner, below any attached files. */}
        <div className="relative">
          {isMultiLine ? (
            <Tooltip content={isCollapsed ? t('input.expand') : t('input.collapse')}>
              <button
                type="button"
                onClick={() => setIsCollapsed((c) => !c)}
                aria-label={isCollapsed ? t('input.expand') : t('input.collapse')}
                className="focus-ring absolute end-3 top-3 z-10 flex size-7 items-center justify-center rounded-full text-fg-secondary transition-colors hover:bg-surface-hover hover:text-fg pointer-coarse:size-9"
                data-testid="input-collapse"
              >
                {isCollapsed ? (
                  <Maximize2 className="size-4" aria-hidden />
                ) : (
                  <Minimize2 className="size-4" aria-hidden />
                )}
              </button>
            </Tooltip>
          ) : null}
          <textarea
            ref={areaRef}
            value={text}
            onChange={(e) => {
              setComposerText(e.target.value);
              mention.trackCaret(e.target);
            }}
            onSelect={(e) => mention.trackCaret(e.currentTarget)}
            onKeyDown={onKeyDown}
            aria-controls={mention.isOpen ? MENTION_LISTBOX_ID : undefined}
            aria-activedescendant={mention.options.length ? mentionOptionId(mention.activeIndex) : undefined}
            onPaste={onPaste}
            rows={1}
            placeholder={placeholder}
            aria-label={t('input.label')}
            className={cn(
              'scrollbar-thin block w-full resize-none bg-transparent pt-4 pe-12 pb-2 ps-5 text-base leading-6 text-fg outline-none placeholder:text-fg-tertiary disabled:opacity-60',
              // Collapsed to 52 px: one whole line between margins (padding would scroll with the
              // text and show half of the second line).
              // On a short screen (a phone's keyboard is up, or it lies sideways) the box stops
              // sooner, so that the conversation above it stays in view.
              isCollapsed
                ? 'mt-4 mb-3 max-h-6 overflow-y-auto py-0'
                : 'max-h-[45vh] md:max-h-[55vh] short-screen:max-h-[30vh]',
            )}
            data-testid="chat-input"
          />
        </div>
        <div className="flex items-center gap-2 px-3 pb-3">
          <div className="flex min-w-0 flex-1 items-center gap-1">
            <AttachButton disabledReason={attach.disabledReason} onFiles={attach.add} />
            <MemeGalleryButton />
            {isBlank && hasClipboardRead() ? (
              <Tooltip content={t('input.paste')}>
                <button
                  type="button"
                  onClick={() => void pasteFromClipboard()}
                  aria-label={t('input.paste')}
                  className="focus-ring flex size-9 items-center justify-center rounded-full text-fg-secondary transition-colors hover:bg-surface-hover hover:text-fg"
                  data-testid="paste-button"
                >
                  <ClipboardPaste className="size-[18px]" aria-hidden />
                </button>
              </Tooltip>
            ) : null}
          </div>
          <MicrophoneButton isSubmitting={isSubmitting} />
          {isSubmitting ? (
            <Tooltip content={t('input.stop')}>
              <button
                type="button"
                onClick={() => {
                  onStop();
                  // The stop button goes once the reply ends: keep the keyboard in the input.
                  areaRef.current?.focus();
                }}
                aria-label={t('input.stop')}
                className="focus-ring flex size-9 shrink-0 items-center justify-center self-end rounded-full bg-fg text-surface transition-opacity hover:opacity-80"
                data-testid="stop-button"
              >
                <Square className="size-3.5 fill-current" aria-hidden />
              </button>
            </Tooltip>
          ) : isSendBelow ? null : (
            <Tooltip content={t('input.send')}>
              <button
                type="submit"
                disabled={!canSend}
                aria-label={t('input.send')}
                className="focus-ring flex size-9 shrink-0 items-center justify-center self-end rounded-full bg-fg text-surface transition-opacity hover:opacity-80 disabled:cursor-default disabled:bg-surface-active disabled:text-fg-tertiary disabled:opacity-100"
                data-testid="send-button"
              >
                <ArrowUp className="size-5" aria-hidden />
              </button>
            </Tooltip>
          )}
        </div>
      </div>
      {isSendBelow && !isSubmitting ? (
        // A thumb-sized, labelled button under the box while the chat is empty; once it has
        // messages the round button in the box takes over, as on wide screens.
        <button
          type="submit"
          disabled={!canSend}
          className="focus-ring mt-3 flex h-11 w-full items-center justify-center gap-2 rounded-full bg-fg text-[15px] font-medium text-surface transition-opacity hover:opacity-85 disabled:cursor-default disabled:bg-surface-active disabled:text-fg-tertiary disabled:opacity-100"
          data-testid="send-button"
        >
          {t('input.send')}
          <ArrowUp className="size-[18px]" aria-hidden />
        </button>
      ) : null}
    </form>
  );
}

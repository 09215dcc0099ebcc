import { pastedFileName, type MessageFile } from '@confab/shared';
import { useEffect, useRef, type ClipboardEvent, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import { useChatPreferences } from '../../settings/chat-preferences';
import { dispatchAttachments } from '../../files/attachments-store';
import { toMessageFile } from '../../files/upload-state';
import { MemeGalleryButton } from '../../memes/gallery/meme-gallery-button';
import { useDictation } from '../../speech/recorder/dictation';
import { MicrophoneButton } from '../../speech/recorder/microphone-button';
import { useDraft } from '../drafts/use-draft';
import { AttachButton } from './attach-button';
import { AttachmentPreviews } from './attachment-previews';
import { CollapseButton } from './collapse-button';
import { setComposerText, useComposerStore } from './composer-store';
import { MENTION_LISTBOX_ID, MentionPopover, mentionOptionId } from './mention-popover';
import { hasClipboardRead, PasteButton } from './paste-button';
import { SendButton, StopButton } from './send-buttons';
import { isSendKey } from './send-key';
import { useMention, type ModelChoices } from './use-mention';
import { useCollapsibleBox } from './use-collapsible-box';
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
  /** The chat page's model choices, for the @ command; without them there is none. */
  modelChoices?: ModelChoices;
}

/**
 * The message box (SPEC 2 and 4): grows with its text up to 45vh (55vh on desktop, 30vh on a
 * short screen), and past 3 lines can collapse to one. Which keys send follows the "enter to
 * send" preference (see `isSendKey`); the box takes the chat direction preference.
 * The round send button sits in the box on every screen, empty chat or not: SPEC 2 puts it
 * under the box on an empty chat on a phone, but one composer that keeps its shape when the
 * first message goes out reads better (issue 35).
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
  const areaRef = useRef<HTMLTextAreaElement>(null);
  const mention = useMention(text, areaRef, modelChoices);
  // After useMention: its layout effect (the caret after a choice) runs before the box is sized.
  const { isMultiLine, isCollapsed, setIsCollapsed } = useCollapsibleBox(areaRef, text);

  const isBlank = text.trim().length === 0;
  // SPEC 4: not while a file is still uploading.
  const canSend = !isBlank && !isSubmitting && !isDisabled && !attach.isLoading;

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
          'relative flex w-full flex-col rounded-[28px] border border-line bg-surface shadow-[0_2px_12px_-2px_var(--shadow-color)] transition-[border-color,box-shadow] has-[textarea:focus-visible]:border-line-control dark:bg-surface-tertiary',
        )}
      >
        <MentionPopover mention={mention} />
        <AttachmentPreviews attachments={attach.attachments} onRemove={attach.remove} />
        {/* The collapse button sits at the text's corner, below any attached files. */}
        <div className="relative">
          {isMultiLine ? <CollapseButton isCollapsed={isCollapsed} onToggle={() => setIsCollapsed((c) => !c)} /> : null}
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
            {/* Hidden, not removed, once there is text: the toolbar does not shift as typing starts. */}
            {hasClipboardRead() ? <PasteButton text={text} areaRef={areaRef} isHidden={!isBlank} /> : null}
          </div>
          <MicrophoneButton isSubmitting={isSubmitting} />
          {isSubmitting ? (
            <StopButton
              onStop={() => {
                onStop();
                // The stop button goes once the reply ends: keep the keyboard in the input.
                areaRef.current?.focus();
              }}
            />
          ) : (
            <SendButton canSend={canSend} />
          )}
        </div>
      </div>
    </form>
  );
}

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
import { PromptCommandPopover } from '../../prompts/slash/prompt-command-popover';
import { PromptVariablesDialog } from '../../prompts/slash/prompt-variables-dialog';
import { usePromptCommand } from '../../prompts/slash/use-prompt-command';
import { useDraft } from '../drafts/use-draft';
import type { ModelSelection } from '../header/model-selection';
import { AttachButton } from './attach-button';
import { AttachmentPreviews } from './attachment-previews';
import { CollapseButton } from './collapse-button';
import { setComposerText, useComposerStore } from './composer-store';
import { COMMAND_LISTBOX_ID, commandOptionId } from './command-popover';
import { MentionPopover } from './mention-popover';
import { hasClipboardRead, PasteButton } from './paste-button';
import { SendButton, StopButton } from './send-buttons';
import { isSendKey } from './send-key';
import { useMention, type ModelChoices } from './use-mention';
import { useCollapsibleBox } from './use-collapsible-box';
import { useComposerCaret } from './use-command-menu';
import { ToolBadges } from '../tools/tool-badges';
import { ToolsMenu } from '../tools/tools-menu';
import type { ChatTools } from '../tools/use-chat-tools';
import { usePlusCommand } from './use-plus-command';
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
  /** Adds a second model to the next send (the header's "+"), for the "+" command; without it there is none. */
  onAddModel?: (selection: ModelSelection) => void;
  /** The chat's tool toggles (Tools menu and badges); without them there are none. */
  tools?: ChatTools;
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
  onAddModel,
  tools,
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
  // Before useCollapsibleBox: its layout effect (the caret after a choice) runs before the box is sized.
  const caret = useComposerCaret(text, areaRef);
  // The commands: "/" prompts and "+" add a model at the start of the text, "@" switch the model.
  // At most one is open at a time (each starts with its own character).
  const prompts = usePromptCommand(text, caret);
  const plus = usePlusCommand(text, caret, onAddModel);
  const mention = useMention(text, caret, modelChoices);
  const openMenu = [prompts, plus, mention].find((menu) => menu.isOpen) ?? null;
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
    if (openMenu?.handleKeyDown(e)) return;
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
        <PromptCommandPopover command={prompts} />
        <MentionPopover menu={plus} isAdding />
        <MentionPopover menu={mention} />
        {/* Its form stops its submit: through the portal it would reach this form's and send. */}
        <PromptVariablesDialog
          pending={prompts.pending}
          willSend={prompts.willSend}
          onSubmit={prompts.submitVariables}
          onCancel={prompts.cancelVariables}
        />
        <AttachmentPreviews attachments={attach.attachments} onRemove={attach.remove} />
        {/* The collapse button sits at the text's corner, below any attached files. */}
        <div className="relative">
          {isMultiLine ? <CollapseButton isCollapsed={isCollapsed} onToggle={() => setIsCollapsed((c) => !c)} /> : null}
          <textarea
            ref={areaRef}
            value={text}
            onChange={(e) => {
              setComposerText(e.target.value);
              caret.track(e.target);
            }}
            onSelect={(e) => caret.track(e.currentTarget)}
            onKeyDown={onKeyDown}
            aria-controls={openMenu ? COMMAND_LISTBOX_ID : undefined}
            aria-activedescendant={openMenu?.options.length ? commandOptionId(openMenu.activeIndex) : undefined}
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
        {/* The tools' badges sit beside the buttons on a wide screen, and on a row of their own
            under them on a phone, where the buttons leave them too little room. */}
        <div className="flex flex-wrap items-center gap-x-2 px-3 pb-3">
          <div className="flex min-w-0 flex-1 items-center gap-1 sm:flex-none">
            <AttachButton disabledReason={attach.disabledReason} onFiles={attach.add} />
            {tools ? <ToolsMenu tools={tools} /> : null}
            <MemeGalleryButton />
            {/* Hidden, not removed, once there is text: the toolbar does not shift as typing starts. */}
            {hasClipboardRead() ? <PasteButton text={text} areaRef={areaRef} isHidden={!isBlank} /> : null}
          </div>
          <div className="order-last min-w-0 basis-full sm:order-none sm:flex-1 sm:basis-auto">
            {tools ? <ToolBadges tools={tools} /> : null}
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

import { SPECIAL_CONVERSATION_IDS } from '@confab/shared';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { useDocumentTitle } from '../config/use-document-title';
import { NotFoundChat } from '../errors/not-found-chat';
import { useConversationQuery, useEndpointsQuery, useMessagesQuery, useModelsQuery } from './api/chat-queries';
import { AgentHero, ConversationStarters } from '../agents/agent-landing';
import { useAgent, useAgentNameState } from '../agents/agent-queries';
import { AgentPanel } from '../agents/builder/agent-panel';
import { ChatArtifactPanel } from '../artifacts/chat-artifact-panel';
import { AGENTS_ENDPOINT } from '../files/add-files';
import { SPEC_IDENTITY_RESET } from './header/conversation-settings';
import { ChatLanding } from './chat-landing';
import { ChatLoadError } from './chat-load-error';
import { ChatStatusNotice } from './chat-status-notice';
import { KeyRequiredNotice } from '../api-keys/key-required-notice';
import { SetupNotice } from '../setup/setup-notice';
import { useEndpointKey } from '../api-keys/use-endpoint-key';
import { ParametersPanel } from '../parameters/parameters-panel';
import { ChatHeaderControls } from './header/chat-header-controls';
import { chooseModel, setConversationSettings } from './header/model-selection';
import { useConversationSetup } from './header/use-conversation-setup';
import { useChatController } from './hooks/use-chat-controller';
import { useResumeActiveJob } from './hooks/use-resume-active-job';
import { useVisibleBranch } from './hooks/use-visible-branch';
import { ChatFooter } from './footer/chat-footer';
import { TemporaryChatBanner } from './temporary/temporary-chat-banner';
import { TemporaryChatToggle } from './temporary/temporary-chat-toggle';
import { useTemporaryChat } from './temporary/use-temporary-chat';
import { ChatInput } from './input/chat-input';
import { useChatTools } from './tools/use-chat-tools';
import { DropOverlay } from './input/drop-overlay';
import { UploadTypeDialog } from './input/upload-type-dialog';
import { useFileAttach } from './input/use-file-attach';
import { useDeleteLeftoverFiles } from './drafts/use-delete-leftover-files';
import { useFileDraft } from './drafts/use-file-draft';
import { useReturnRefusedFiles } from './hooks/use-return-refused-files';
import { focusComposer, setComposerText } from './input/composer-store';
import { ChatActionsContext } from './messages/chat-actions-context';
import { firstPaintTexts } from './messages/first-paint-texts';
import { MessageList, type MessageListHandle } from './messages/message-list';
import { MessageListSkeleton } from './messages/message-list-skeleton';
import { useMarkdownReady } from './markdown/use-markdown-ready';
import { useChatPreferences } from '../settings/chat-preferences';
import { useIsSubmitting } from './messages/use-live-response';
import { NEW_DRAFT_ID } from './drafts/drafts';
import { forgetNewChat, readResolvedNewChat, useChatStore } from './stream/chat-store';
import { useChatUrlQuery } from './url/use-chat-url-query';
import { useFocusMessageParam } from './url/use-focus-message-param';
import { cn } from '../../lib/cn';
import { useChatColumnWidth } from './use-chat-column-width';
import { AddModelControls } from './multi-convo/add-model-controls';
import { setAddedModel, useAddedModel } from './multi-convo/added-model-store';
import { useSmallScreen } from '../layout/use-small-screen';
import { useCanMultiConvo } from './multi-convo/use-can-multi-convo';

/** A new chat's rows: none to wait for. */
const NO_TEXTS: readonly string[] = [];

/** History state the page puts on its own navigations, so it knows it is still the same chat. */
interface ChatLocationState {
  chatSession?: string;
}

/**
 * The chat screen for /c/new and /c/{conversationId} (SPEC 2): the model selector in the
 * header, the landing view or the message list, and the input. A new chat keeps its screen
 * when its conversation is created and the URL moves to /c/{id}.
 */
export function ChatPage() {
  const { t } = useTranslation('chat');
  const { conversationId: param = SPECIAL_CONVERSATION_IDS.new } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const isNewRoute = param === SPECIAL_CONVERSATION_IDS.new || param === SPECIAL_CONVERSATION_IDS.pending;
  const chatSession = (location.state as ChatLocationState | null)?.chatSession ?? location.key;
  const newKey = `new:${chatSession}`;
  const resolvedId = useChatStore((s) => s.resolvedNew[newKey]);
  const finishedId = useChatStore((s) => s.finishedNew[newKey]);
  const conversationId = isNewRoute ? (resolvedId ?? null) : param;
  const conversationKey = conversationId ?? newKey;
  // Changes when another conversation opens; stays when this new chat becomes /c/{id}.
  const sessionKey = isNewRoute || (location.state as ChatLocationState | null)?.chatSession ? newKey : conversationKey;

  // The new chat finished: its URL becomes /c/{id}, in place. After a reload of /c/new while
  // its first reply was streaming, the tab still knows the conversation: go there.
  const reloadedId = isNewRoute && !resolvedId ? readResolvedNewChat(newKey) : null;
  const targetId = isNewRoute ? (finishedId ?? reloadedId) : null;
  useEffect(() => {
    if (!targetId) return;
    void navigate(`/c/${targetId}`, { replace: true, state: { chatSession } satisfies ChatLocationState });
  }, [targetId, navigate, chatSession, newKey]);
  // Forgotten once the URL has moved: forgetting it as the navigation starts would render /c/new
  // with no conversation for a frame, and the finished chat would blink out to the landing.
  const hasMovedFromNew = !isNewRoute && !!(location.state as ChatLocationState | null)?.chatSession;
  useEffect(() => {
    if (hasMovedFromNew) forgetNewChat(newKey);
  }, [hasMovedFromNew, newKey]);

  const endpoints = useEndpointsQuery();
  const models = useModelsQuery();
  const conversationQuery = useConversationQuery(conversationId);
  const messagesQuery = useMessagesQuery(conversationId);
  const conversation = conversationQuery.data;
  useDocumentTitle(conversation?.title);

  const setup = useConversationSetup({
    conversationKey,
    conversationId,
    // null: it could not be read (the error view shows), so it will not say which model it uses.
    conversation: conversationQuery.isError ? null : conversation,
    endpoints: endpoints.data,
    models: models.data,
  });
  const { selection, settings } = setup;
  const agent = useAgent(selection?.agentId);
  const agentName = useAgentNameState(selection?.agentId);
  const keyState = useEndpointKey(
    selection?.endpoint ?? null,
    selection ? endpoints.data?.[selection.endpoint] : undefined,
  );

  const { roots, branch, unsavedIds } = useVisibleBranch(conversationKey, messagesQuery.data);
  const isSubmitting = useIsSubmitting(conversationKey);
  useResumeActiveJob({
    conversationId,
    isEnabled: !isNewRoute,
    messages: messagesQuery.data,
    conversation,
    endpoints: endpoints.data,
  });

  const draftId = conversationId ?? NEW_DRAFT_ID;
  const isInputDisabled = !selection || keyState.isBlocked;
  const attach = useFileAttach({
    draftId,
    endpoint: selection?.endpoint ?? null,
    endpointType: selection ? (endpoints.data?.[selection.endpoint]?.type ?? undefined) : undefined,
    isInputDisabled,
  });
  useFileDraft(draftId, sessionKey);
  useDeleteLeftoverFiles();
  useReturnRefusedFiles(conversationKey, draftId);

  const temporaryChat = useTemporaryChat(conversationId, conversation);
  const canMultiConvo = useCanMultiConvo();
  const addedModel = useAddedModel(conversationKey);
  const isSmallScreen = useSmallScreen();
  const chatTools = useChatTools({
    chatKey: draftId,
    endpoint: selection?.endpoint ?? null,
    isAgentChat: !!selection?.agentId,
  });
  const { actions, send, stop, editingId, scrollRequest } = useChatController({
    conversationKey,
    draftId,
    conversationId,
    branch,
    unsavedIds,
    messages: messagesQuery.data,
    selection,
    endpoints: endpoints.data,
    settings,
    isTemporary: temporaryChat.isTemporary,
    addedModel: canMultiConvo ? addedModel : null,
    ephemeralAgent: chatTools.ephemeralAgent,
  });

  // The rows wait for the markdown renderer and the extras the first of them use (no frame of
  // raw markdown); a skeleton holds their place meanwhile.
  const opensAtEnd = useChatPreferences((s) => s.autoScroll);
  const firstTexts = useMemo(
    () => (conversationId === null ? NO_TEXTS : messagesQuery.data ? firstPaintTexts(branch, opensAtEnd) : null),
    [conversationId, messagesQuery.data, branch, opensAtEnd],
  );
  const isMarkdownReady = useMarkdownReady(sessionKey, firstTexts);
  const isLoading =
    conversationId !== null && (messagesQuery.isPending || conversationQuery.isPending || !isMarkdownReady);
  const listRef = useRef<MessageListHandle>(null);
  const columnWidth = useChatColumnWidth();
  useFocusMessageParam({
    conversationKey,
    roots,
    branch,
    isReady: conversationId !== null && !isLoading && messagesQuery.data !== undefined,
    listRef,
  });

  useChatUrlQuery(
    () => !!endpoints.data && !!models.data && !setup.isPending,
    (query) => {
      if (query.endpoint && endpoints.data?.[query.endpoint]) {
        const list = models.data?.[query.endpoint] ?? [];
        const model =
          query.model && (list.length === 0 || list.includes(query.model)) ? query.model : (list[0] ?? query.model);
        if (model) chooseModel(conversationKey, { endpoint: query.endpoint, model });
      } else if (query.model && selection) {
        const list = models.data?.[selection.endpoint] ?? [];
        if (list.includes(query.model))
          chooseModel(conversationKey, { endpoint: selection.endpoint, model: query.model });
      }
      if (Object.keys(query.settings).length) setConversationSettings(conversationKey, query.settings);
      const { text } = query;
      if (text !== null && query.submit) {
        // The model chosen above is in the store now; send on the next tick when it is read. The
        // text goes straight to the send, never through the input, so it cannot linger as a draft;
        // only a send that cannot go (no key yet, say) leaves it in the input to send by hand.
        setTimeout(() => {
          if (!send(text)) setComposerText(text);
        }, 0);
      } else if (text !== null) setComposerText(text);
      focusComposer();
    },
    { chatSession } satisfies ChatLocationState,
  );

  // An agent's replies carry its avatar; other replies their endpoint's icon.
  const iconURL = selection?.agentId
    ? (agent?.avatar?.filepath ?? null)
    : selection
      ? (endpoints.data?.[selection.endpoint]?.iconURL ?? null)
      : null;
  const picker = (
    <>
      <TemporaryChatToggle state={temporaryChat} />
      <ChatHeaderControls
        selection={selection}
        settings={settings}
        endpoints={endpoints.data}
        models={models.data}
        isSelectionPending={setup.isPending}
        onChooseModel={setup.chooseModel}
        onChooseSetup={setup.chooseSetup}
      />
      <AddModelControls
        conversationKey={conversationKey}
        selection={selection}
        endpoints={endpoints.data}
        models={models.data}
      />
    </>
  );
  const notices = (
    <>
      <SetupNotice />
      <ChatStatusNotice conversationKey={conversationKey} />
      <KeyRequiredNotice endpoint={selection?.endpoint ?? null} endpoints={endpoints.data} keyState={keyState} />
    </>
  );

  const notFound = conversationQuery.error instanceof ApiError && conversationQuery.error.status === 404;
  if (notFound || (messagesQuery.error instanceof ApiError && messagesQuery.error.status === 404)) {
    return <NotFoundChat />;
  }
  if (conversationQuery.isError || messagesQuery.isError) {
    return (
      <>
        {picker}
        <ChatLoadError onRetry={() => void Promise.all([conversationQuery.refetch(), messagesQuery.refetch()])} />
      </>
    );
  }

  const isLanding = !isLoading && branch.length === 0;
  const input = (
    <ChatInput
      draftId={draftId}
      sessionKey={sessionKey}
      // An agent's chat names the agent once known, never its model meanwhile.
      modelLabel={
        selection?.agentId
          ? agentName.isPending
            ? null
            : agentName.name || selection.model
          : (selection?.model ?? null)
      }
      isSubmitting={isSubmitting}
      isDisabled={isInputDisabled}
      onSend={send}
      onStop={stop}
      attach={attach}
      tools={chatTools}
      modelChoices={setup}
      // The "+" command does what the header's "+" does, and only where that shows (not on phones).
      onAddModel={
        canMultiConvo && selection && !isSmallScreen
          ? (added) => setAddedModel(conversationKey, added)
          : undefined
      }
    />
  );
  // The footer sits under the input, on the landing view and in a conversation alike.
  const inputWithFooter = (
    <>
      {temporaryChat.isTemporary ? <TemporaryChatBanner retentionHours={temporaryChat.retentionHours} /> : null}
      {input}
      <ChatFooter />
    </>
  );

  return (
    <ChatActionsContext.Provider value={actions}>
      {picker}
      <DropOverlay onFiles={attach.add} />
      <UploadTypeDialog pending={attach.pendingChoice} onChoose={attach.choose} />
      <div className="flex h-full min-h-0">
        <div
          className="flex h-full min-h-0 min-w-0 flex-1 flex-col"
          data-testid="chat-page"
          data-conversation-id={conversationId ?? 'new'}
        >
          {isLanding ? (
            <ChatLanding
              input={inputWithFooter}
              notice={notices}
              hero={selection?.agentId ? <AgentHero agentId={selection.agentId} className="mb-2 md:mb-8" /> : undefined}
              starters={
                selection?.agentId ? (
                  <ConversationStarters
                    agentId={selection.agentId}
                    isDisabled={isInputDisabled || isSubmitting}
                    onSend={(text) => void send(text)}
                  />
                ) : undefined
              }
            />
          ) : (
            <>
              {/* The input stays where it is when the rows replace their skeleton. */}
              {isLoading ? (
                <MessageListSkeleton label={t('page.loading')} />
              ) : (
                <MessageList
                  ref={listRef}
                  sessionKey={sessionKey}
                  branch={branch}
                  rootCount={roots.length}
                  editingId={editingId}
                  isSubmitting={isSubmitting}
                  iconURL={iconURL}
                  scrollRequest={scrollRequest}
                />
              )}
              <div className="shrink-0 px-3 pb-3 sm:px-6 sm:pb-4">
                <div className={cn('mx-auto w-full', columnWidth)}>
                  {notices}
                  {inputWithFooter}
                </div>
              </div>
            </>
          )}
        </div>
        <ChatArtifactPanel
          sessionKey={sessionKey}
          conversationKey={conversationKey}
          conversationId={conversationId}
          branch={branch}
        />
        <AgentPanel
          onUseAgent={(agentId, model) =>
            setup.chooseSetup({
              selection: { endpoint: AGENTS_ENDPOINT, model, agentId },
              settings: SPEC_IDENTITY_RESET,
            })
          }
        />
        <ParametersPanel
          conversationKey={conversationKey}
          selection={selection}
          settings={settings}
          endpoints={endpoints.data}
        />
      </div>
    </ChatActionsContext.Provider>
  );
}

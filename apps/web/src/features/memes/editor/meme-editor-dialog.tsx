import type { MemeEditResponse } from '@confab/shared';
import { Redo2, Undo2, X } from 'lucide-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { IconButton } from '../../../components/ui/icon-button';
import { Spinner } from '../../../components/ui/spinner';
import { showToast } from '../../../components/ui/toast-store';
import { isProtectedPath } from '../../files/authed-images';
import type { MemeSource } from '../meme-source';
import { useMemePicture } from '../use-meme-picture';
import { editBody, type EditorDocument, type MemeEditSource } from './editor-document';
import { EditorPanel } from './editor-panel';
import { EditorStage } from './editor-stage';
import { useMemeEditor } from './use-meme-editor';
import { useSaveMemeEdit } from './use-save-meme-edit';

export interface MemeEditorDialogProps {
  source: MemeEditSource;
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
  onSaved?(response: MemeEditResponse): void;
  /**
   * Template mode (issue 39): Save hands the boxes and layout to this instead of making a meme
   * (a new template's picture); the editor closes once it resolves and says why when it throws.
   */
  onSave?(document: EditorDocument): Promise<unknown>;
}

/**
 * The meme editor (issue 39): full screen on a phone, a large dialog on a desktop. The stage
 * draws the meme as it will be saved; the panel holds the layout and the selected box's text and
 * style. Saving adds the edited meme to the conversation (the original stays); closing with
 * changes asks first.
 */
export default function MemeEditorDialog({ source, isOpen, onOpenChange, onSaved, onSave }: MemeEditorDialogProps) {
  const { t } = useTranslation('meme-editor');
  // The body's answer to Escape or a press outside: true when it kept the dialog open.
  const closeGuard = useRef<() => boolean>(() => false);
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      {isOpen ? (
        <DialogContent
          title={onSave ? t('template_title') : t('title')}
          description={onSave ? t('template_description') : t('description')}
          header={<></>}
          onEscapeKeyDown={(event) => closeGuard.current() && event.preventDefault()}
          onPointerDownOutside={(event) => closeGuard.current() && event.preventDefault()}
          className="inset-0 h-dvh max-h-dvh w-screen max-w-none translate-x-0 translate-y-0 rounded-none border-0 sm:inset-auto sm:top-1/2 sm:left-1/2 sm:h-[min(94dvh,980px)] sm:max-h-[94dvh] sm:w-[calc(100vw-3rem)] sm:max-w-6xl sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl sm:border"
          data-testid="meme-editor"
        >
          <EditorBody
            source={source}
            onClose={() => onOpenChange(false)}
            onSaved={onSaved}
            onSave={onSave}
            closeGuard={closeGuard}
          />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function EditorBody({
  source,
  onClose,
  onSaved,
  onSave,
  closeGuard,
}: {
  source: MemeEditSource;
  onClose(): void;
  onSaved?(response: MemeEditResponse): void;
  onSave?(document: EditorDocument): Promise<unknown>;
  closeGuard: RefObject<() => boolean>;
}) {
  const { t } = useTranslation('meme-editor');
  const editor = useMemeEditor(source.document);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const pictureSource = useMemo<MemeSource>(
    () => ({ kind: 'url', url: source.pictureUrl, isProtected: isProtectedPath(source.pictureUrl) }),
    [source.pictureUrl],
  );
  const picture = useMemePicture(pictureSource);
  const saveEdit = useSaveMemeEdit((response) => {
    onSaved?.(response);
    onClose();
  });
  const saveTemplate = useMutation({
    mutationFn: (document: EditorDocument) => onSave?.(document) ?? Promise.resolve(),
    onSuccess: onClose,
    onError: (error) => showToast({ message: t('template_failed', { reason: error.message }), status: 'error' }),
  });
  const isTemplate = !!onSave;
  const save = isTemplate ? saveTemplate : saveEdit;

  const requestClose = () => {
    if (editor.isDirty && !save.isSuccess) setIsConfirming(true);
    else onClose();
  };
  // Escape ends an in-place edit first; with changes, the dialog asks before closing.
  closeGuard.current = () => {
    if (editingId) {
      setEditingId(null);
      return true;
    }
    if (editor.isDirty && !save.isSuccess) {
      setIsConfirming(true);
      return true;
    }
    return false;
  };

  useUndoKeys(editor.undo, editor.redo, () => setEditingId(null));

  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <header className="flex items-center gap-1 border-b border-line px-2 py-2 sm:gap-2 sm:px-4">
        <IconButton label={t('cancel')} onClick={requestClose} size="icon-sm" data-testid="meme-editor-cancel">
          <X />
        </IconButton>
        {/* The dialog's own (screen-reader) title already names it: this is its visible twin. */}
        <p className="min-w-0 flex-1 truncate px-1 text-base font-semibold text-fg" aria-hidden>
          {isTemplate ? t('template_title') : t('title')}
        </p>
        <IconButton
          label={t('undo')}
          size="icon-sm"
          onClick={editor.undo}
          disabled={!editor.canUndo}
          aria-keyshortcuts="Control+Z Meta+Z"
          data-testid="meme-editor-undo"
        >
          <Undo2 />
        </IconButton>
        <IconButton
          label={t('redo')}
          size="icon-sm"
          onClick={editor.redo}
          disabled={!editor.canRedo}
          aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y"
          data-testid="meme-editor-redo"
        >
          <Redo2 />
        </IconButton>
        <Button
          size="sm"
          className="ms-1"
          onClick={() =>
            isTemplate ? saveTemplate.mutate(editor.document) : saveEdit.mutate(editBody(source, editor.document))
          }
          isLoading={save.isPending}
          disabled={picture.status !== 'loaded'}
          data-testid="meme-editor-save"
        >
          {save.isPending ? t('saving') : isTemplate ? t('save_template') : t('save')}
        </Button>
      </header>

      <div className="flex min-h-0 flex-1 flex-col sm:flex-row">
        <div className="relative flex h-[52dvh] shrink-0 flex-col items-center justify-center gap-2 bg-surface-secondary p-3 sm:h-auto sm:min-w-0 sm:flex-1 sm:p-6">
          <div className="flex min-h-0 w-full flex-1 items-center justify-center">
            <EditorStage
              editor={editor}
              picture={picture.status === 'loaded' ? picture.image : undefined}
              language={source.language}
              editingId={editingId}
              onEditText={(id) => {
                editor.select(id);
                setEditingId(id);
              }}
              onStopEditing={() => {
                setEditingId(null);
                editor.seal();
              }}
            />
          </div>
          {picture.status === 'loading' ? (
            <div className="pointer-events-none absolute inset-0 flex items-center justify-center">
              <Spinner className="size-6 text-white" label={t('loading_picture')} />
            </div>
          ) : null}
          {picture.status === 'error' ? (
            <p role="alert" className="text-sm text-danger">
              {t('picture_failed')}
            </p>
          ) : null}
          <p id="meme-editor-keys-help" className="hidden text-center text-xs text-fg-tertiary sm:block">
            {t('keys_help')}
          </p>
        </div>
        <aside
          aria-label={t('panel_label')}
          className="scrollbar-thin min-h-0 flex-1 overflow-y-auto border-t border-line bg-surface-elevated px-4 py-4 sm:w-[22rem] sm:flex-none sm:border-s sm:border-t-0 sm:px-5"
        >
          <EditorPanel editor={editor} />
        </aside>
      </div>

      {isConfirming ? <DiscardConfirm onKeep={() => setIsConfirming(false)} onDiscard={onClose} /> : null}
    </div>
  );
}

/**
 * Ctrl/Cmd+Z undoes, Ctrl/Cmd+Shift+Z or Ctrl+Y redoes, wherever the focus is while the editor is
 * open (on the document: an undo button that just became disabled leaves the focus on the body).
 */
function useUndoKeys(undo: () => void, redo: () => void, onUsed: () => void) {
  const latest = useRef({ undo, redo, onUsed });
  latest.current = { undo, redo, onUsed };
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) latest.current.undo();
      else if ((key === 'z' && event.shiftKey) || key === 'y') latest.current.redo();
      else return;
      event.preventDefault();
      latest.current.onUsed();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}

/** "Discard your changes?" over the editor, its safe answer focused. */
function DiscardConfirm({ onKeep, onDiscard }: { onKeep(): void; onDiscard(): void }) {
  const { t } = useTranslation('meme-editor');
  const keepRef = useRef<HTMLButtonElement>(null);
  useEffect(() => keepRef.current?.focus(), []);
  return (
    <div className="absolute inset-0 z-30 flex items-center justify-center bg-overlay p-4">
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="meme-editor-discard-title"
        aria-describedby="meme-editor-discard-text"
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            event.stopPropagation();
            onKeep();
          }
        }}
        className="w-full max-w-sm rounded-2xl border border-line bg-surface-elevated p-5 shadow-elevated"
        data-testid="meme-editor-discard"
      >
        <h3 id="meme-editor-discard-title" className="text-base font-semibold text-fg">
          {t('discard.title')}
        </h3>
        <p id="meme-editor-discard-text" className="mt-1.5 text-sm text-fg-secondary">
          {t('discard.text')}
        </p>
        <div className="mt-5 flex justify-end gap-2">
          <Button ref={keepRef} variant="outline" size="sm" onClick={onKeep} data-testid="meme-editor-keep-editing">
            {t('discard.keep')}
          </Button>
          <Button variant="danger" size="sm" onClick={onDiscard} data-testid="meme-editor-discard-confirm">
            {t('discard.confirm')}
          </Button>
        </div>
      </div>
    </div>
  );
}

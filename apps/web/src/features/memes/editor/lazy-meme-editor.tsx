import { lazy } from 'react';
import { MountOnFirstOpen } from '../../../components/ui/mount-on-first-open';
import type { MemeEditorDialogProps } from './meme-editor-dialog';

// The editor's code loads the first time one is opened, not with the chat.
const MemeEditorDialog = lazy(() => import('./meme-editor-dialog'));

/** The meme editor, mounted from its first opening. */
export function LazyMemeEditor(props: MemeEditorDialogProps) {
  return (
    <MountOnFirstOpen isOpen={props.isOpen}>
      <MemeEditorDialog {...props} />
    </MountOnFirstOpen>
  );
}

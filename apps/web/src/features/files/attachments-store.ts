import { create } from 'zustand';
import { attachmentsReducer, type Attachment, type AttachmentAction } from './upload-state';

/**
 * The files attached to the message being written, per draft id (a conversation id, or `new`),
 * so an upload that finishes after the user moved to another chat lands where it started.
 */
interface AttachmentsState {
  byKey: Record<string, Attachment[]>;
}

const EMPTY: Attachment[] = [];

export const useAttachmentsStore = create<AttachmentsState>(() => ({ byKey: {} }));

export function dispatchAttachments(key: string, action: AttachmentAction): void {
  useAttachmentsStore.setState((s) => {
    const before = s.byKey[key] ?? EMPTY;
    const after = attachmentsReducer(before, action);
    if (after === before) return s;
    const byKey = { ...s.byKey };
    if (after.length) byKey[key] = after;
    else delete byKey[key];
    return { byKey };
  });
  // An image's local preview is no longer shown once it left the list.
  if (action.type === 'failed' || action.type === 'removed' || action.type === 'cleared') revokeUnused();
}

export function getAttachments(key: string): Attachment[] {
  return useAttachmentsStore.getState().byKey[key] ?? EMPTY;
}

export function useAttachments(key: string): Attachment[] {
  return useAttachmentsStore((s) => s.byKey[key] ?? EMPTY);
}

/** Moves the files of a new chat to its conversation id once it exists. */
export function moveAttachments(fromKey: string, toKey: string): void {
  if (fromKey === toKey) return;
  useAttachmentsStore.setState((s) => {
    const moving = s.byKey[fromKey];
    if (!moving) return s;
    const byKey = { ...s.byKey };
    delete byKey[fromKey];
    byKey[toKey] = [...(byKey[toKey] ?? []), ...moving];
    return { byKey };
  });
}

/** Empties every input (logout). */
export function clearAllAttachments(): void {
  useAttachmentsStore.setState({ byKey: {} });
  revokeUnused();
}

const localUrls = new Set<string>();

/** Registers an object URL made for a preview, so it is revoked once no attachment shows it. */
export function trackLocalUrl(url: string): void {
  localUrls.add(url);
}

function revokeUnused(): void {
  const inUse = new Set<string>();
  for (const list of Object.values(useAttachmentsStore.getState().byKey))
    for (const a of list) if (a.localUrl) inUse.add(a.localUrl);
  for (const url of localUrls) {
    if (inUse.has(url)) continue;
    URL.revokeObjectURL(url);
    localUrls.delete(url);
  }
}

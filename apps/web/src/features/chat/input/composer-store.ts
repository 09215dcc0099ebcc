import { create } from 'zustand';

/** The text of the chat input, shared with what fills it from outside (drafts, URL query). */
interface ComposerState {
  text: string;
  /** Bumped to ask the input to take focus. */
  focusRequest: number;
  /** Bumped to ask the input to send its text, as its send button would (dictation's auto-send). */
  sendRequest: number;
}

export const useComposerStore = create<ComposerState>(() => ({ text: '', focusRequest: 0, sendRequest: 0 }));

export function setComposerText(text: string): void {
  useComposerStore.setState({ text });
}

export function focusComposer(): void {
  useComposerStore.setState((s) => ({ focusRequest: s.focusRequest + 1 }));
}

export function requestSend(): void {
  useComposerStore.setState((s) => ({ sendRequest: s.sendRequest + 1 }));
}

import { describe, expect, it } from 'vitest';
import { isSendKey, type SendKeyPress } from './send-key';

function press(key: string, modifiers: Partial<Omit<SendKeyPress, 'key'>> = {}): SendKeyPress {
  return { key, shiftKey: false, ctrlKey: false, metaKey: false, isComposing: false, ...modifiers };
}

describe('isSendKey', () => {
  it('with enter to send on: Enter and Ctrl/Cmd+Enter send, Shift+Enter breaks the line', () => {
    expect(isSendKey(press('Enter'), true)).toBe(true);
    expect(isSendKey(press('Enter', { ctrlKey: true }), true)).toBe(true);
    expect(isSendKey(press('Enter', { metaKey: true }), true)).toBe(true);
    expect(isSendKey(press('Enter', { shiftKey: true }), true)).toBe(false);
    expect(isSendKey(press('Enter', { shiftKey: true, ctrlKey: true }), true)).toBe(true);
  });

  it('with enter to send off: Enter and Shift+Enter break the line, Ctrl/Cmd+Enter sends', () => {
    expect(isSendKey(press('Enter'), false)).toBe(false);
    expect(isSendKey(press('Enter', { shiftKey: true }), false)).toBe(false);
    expect(isSendKey(press('Enter', { ctrlKey: true }), false)).toBe(true);
    expect(isSendKey(press('Enter', { metaKey: true }), false)).toBe(true);
  });

  it('never sends while an IME composes, nor on other keys', () => {
    for (const isEnterToSend of [true, false]) {
      expect(isSendKey(press('Enter', { isComposing: true }), isEnterToSend)).toBe(false);
      expect(isSendKey(press('Enter', { isComposing: true, ctrlKey: true }), isEnterToSend)).toBe(false);
      expect(isSendKey(press('a', { ctrlKey: true }), isEnterToSend)).toBe(false);
    }
  });
});

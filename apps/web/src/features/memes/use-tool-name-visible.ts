import { MEME_UI } from '@confab/shared';
import { useEffect, useState } from 'react';

/**
 * SPEC 9: the grid shows each slot's tool name while the reply is being made and hides it
 * 500 ms after submission ends (a reply loaded later never shows it).
 */
export function useToolNameVisible(isSubmitting: boolean): boolean {
  const [isVisible, setIsVisible] = useState(isSubmitting);
  useEffect(() => {
    if (isSubmitting) {
      setIsVisible(true);
      return;
    }
    const timer = setTimeout(() => setIsVisible(false), MEME_UI.toolNameHideMs);
    return () => clearTimeout(timer);
  }, [isSubmitting]);
  return isVisible;
}

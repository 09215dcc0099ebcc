import { FileText, ImageIcon, Paperclip } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';

const hasFiles = (event: DragEvent) => [...(event.dataTransfer?.types ?? [])].includes('Files');

/**
 * Drag and drop anywhere on the chat (SPEC 1, 2): while files are dragged over the window a
 * full-screen overlay reads "Add anything"; dropping hands the files over. The overlay lets
 * events through, so the drop lands wherever the pointer is and bubbles up to the window.
 */
export function DropOverlay({ onFiles }: { onFiles: (files: File[]) => void }) {
  const { t } = useTranslation('files');
  const [isActive, setIsActive] = useState(false);
  const depth = useRef(0);
  const latest = useRef(onFiles);
  latest.current = onFiles;

  useEffect(() => {
    const onEnter = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth.current += 1;
      setIsActive(true);
    };
    const onOver = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      // Without this the browser would open the file in the tab instead of dropping it here.
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
    };
    const onLeave = (e: DragEvent) => {
      if (depth.current === 0) return;
      depth.current = Math.max(0, depth.current - 1);
      // Leaving the window (relatedTarget null) ends it however deep the count.
      if (depth.current === 0 || e.relatedTarget === null) {
        depth.current = 0;
        setIsActive(false);
      }
    };
    const onDrop = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth.current = 0;
      setIsActive(false);
      const files = [...(e.dataTransfer?.files ?? [])];
      if (files.length) latest.current(files);
    };
    const end = () => {
      depth.current = 0;
      setIsActive(false);
    };
    window.addEventListener('dragenter', onEnter);
    window.addEventListener('dragover', onOver);
    window.addEventListener('dragleave', onLeave);
    window.addEventListener('drop', onDrop);
    window.addEventListener('dragend', end);
    return () => {
      window.removeEventListener('dragenter', onEnter);
      window.removeEventListener('dragover', onOver);
      window.removeEventListener('dragleave', onLeave);
      window.removeEventListener('drop', onDrop);
      window.removeEventListener('dragend', end);
    };
  }, []);

  if (!isActive) return null;
  return createPortal(
    <div
      className="pointer-events-none fixed inset-0 z-[70] flex items-center justify-center bg-surface/80 backdrop-blur-sm animate-fade-in"
      data-testid="drop-overlay"
      aria-hidden
    >
      <div className="flex flex-col items-center px-6 text-center">
        <div className="relative mb-6 h-16 w-32">
          <span className="absolute top-2 left-2 flex size-14 -rotate-12 items-center justify-center rounded-2xl bg-[#3b82f6] text-white shadow-elevated">
            <FileText className="size-7" strokeWidth={1.75} />
          </span>
          <span className="absolute top-2 right-2 flex size-14 rotate-12 items-center justify-center rounded-2xl bg-violet-500 text-white shadow-elevated">
            <ImageIcon className="size-7" strokeWidth={1.75} />
          </span>
          <span className="absolute top-0 left-1/2 flex size-16 -translate-x-1/2 items-center justify-center rounded-2xl bg-accent text-on-accent shadow-elevated">
            <Paperclip className="size-8" strokeWidth={1.75} />
          </span>
        </div>
        <p className="text-2xl font-semibold text-fg">{t('drop_title')}</p>
        <p className="mt-2 text-[15px] text-fg-secondary">{t('drop_description')}</p>
      </div>
    </div>,
    document.body,
  );
}

import { memo, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { cn } from '../../lib/cn';

const INDENT = '  ';
/** Matches the `leading-5` of the text: 20 px a line. */
const LINE_HEIGHT_PX = 20;

/**
 * The artifact's code: a plain monospace text area with line numbers. A full code editor
 * (CodeMirror, Monaco) would add a few hundred kilobytes for what artifacts need: reading,
 * small fixes, and saving. Tab indents (Escape first, then Tab, leaves the field); typing keeps
 * the browser's own undo.
 */
export function ArtifactCodeEditor({
  value,
  onChange,
  isReadOnly,
  label,
  onSave,
  focusLine,
}: {
  value: string;
  onChange(value: string): void;
  isReadOnly: boolean;
  label: string;
  /** Ctrl+S or Cmd+S. */
  onSave?: () => void;
  /** A line to select and bring into view as the editor opens (a preview error's line). */
  focusLine?: number;
}) {
  const [scrollTop, setScrollTop] = useState(0);
  const areaRef = useRef<HTMLTextAreaElement>(null);
  const lastKey = useRef<string | null>(null);
  const lineCount = useMemo(() => value.split('\n').length, [value]);

  useEffect(() => {
    const area = areaRef.current;
    if (!area || !focusLine) return;
    const lines = area.value.split('\n');
    const start = lines.slice(0, focusLine - 1).reduce((sum, line) => sum + line.length + 1, 0);
    area.focus({ preventScroll: true });
    area.setSelectionRange(start, start + (lines[focusLine - 1]?.length ?? 0));
    area.scrollTop = Math.max(0, (focusLine - 1) * LINE_HEIGHT_PX - area.clientHeight / 3);
    // Only as the editor opens: typing afterwards must not pull the selection back.
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const previous = lastKey.current;
    lastKey.current = event.key;
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
      event.preventDefault();
      onSave?.();
      return;
    }
    if (event.key !== 'Tab' || event.shiftKey || isReadOnly || previous === 'Escape') return;
    event.preventDefault();
    // execCommand keeps the edit in the field's undo history; `onChange` follows from its input event.
    if (!document.execCommand('insertText', false, INDENT)) {
      const area = event.currentTarget;
      const { selectionStart, selectionEnd } = area;
      onChange(value.slice(0, selectionStart) + INDENT + value.slice(selectionEnd));
      requestAnimationFrame(() =>
        area.setSelectionRange(selectionStart + INDENT.length, selectionStart + INDENT.length),
      );
    }
  };

  return (
    <div
      className="absolute inset-0 flex overflow-hidden bg-[var(--code-bg,var(--surface-secondary))] font-mono text-[13px] leading-5"
      dir="ltr"
    >
      <LineNumbers count={lineCount} scrollTop={scrollTop} />
      <textarea
        ref={areaRef}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
        onKeyDown={onKeyDown}
        readOnly={isReadOnly}
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        autoComplete="off"
        wrap="off"
        aria-label={label}
        className={cn(
          'scrollbar-thin min-w-0 flex-1 resize-none overflow-auto bg-transparent py-3 ps-3 pe-4 whitespace-pre text-fg outline-none',
          'placeholder:text-fg-tertiary focus-visible:bg-surface/20',
          isReadOnly && 'cursor-text text-fg-secondary',
        )}
        data-testid="artifact-code"
      />
    </div>
  );
}

/** The gutter: one number per line, moved with the text's scroll. */
const LineNumbers = memo(function LineNumbers({ count, scrollTop }: { count: number; scrollTop: number }) {
  const numbers = useMemo(() => Array.from({ length: count }, (_, i) => i + 1).join('\n'), [count]);
  return (
    <div
      aria-hidden
      className="shrink-0 overflow-hidden border-e border-line bg-[var(--code-header-bg,var(--surface-tertiary))] py-3 ps-3 pe-2.5 text-end text-fg-tertiary tabular-nums select-none"
    >
      <pre className="m-0 font-mono leading-5" style={{ transform: `translateY(${-scrollTop}px)` }}>
        {numbers}
      </pre>
    </div>
  );
});

import type { ReactNode } from 'react';
import { RunnableCodeBlock } from '../../code-run/runnable-code-block';
import { useCodeRunScope } from '../../code-run/code-run-scope';
import { CodeBlockFrame } from './code-block-frame';

/**
 * A fenced code block (code-block-frame.tsx). In a reply of the owner's chat it may also run
 * (SPEC 4, Code tool): the Run button beside Copy and the runs' output under the code.
 */
export function CodeBlock({
  language,
  code,
  children,
}: {
  language: string | null;
  code: string;
  children: ReactNode;
}) {
  const scope = useCodeRunScope();
  if (!scope) {
    return (
      <CodeBlockFrame language={language} code={code}>
        {children}
      </CodeBlockFrame>
    );
  }
  return (
    <RunnableCodeBlock scope={scope} language={language} code={code}>
      {children}
    </RunnableCodeBlock>
  );
}

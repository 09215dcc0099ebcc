import { Blocks, Bot, Boxes, Puzzle } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../lib/cn';
import type { EndpointFamily } from './endpoint-meta';

// Brand marks from Simple Icons (CC0-1.0), 24×24 view box.
const OPENAI =
  'M22.2819 9.8211a5.9847 5.9847 0 0 0-.5157-4.9108 6.0462 6.0462 0 0 0-6.5098-2.9A6.0651 6.0651 0 0 0 4.9807 4.1818a5.9847 5.9847 0 0 0-3.9977 2.9 6.0462 6.0462 0 0 0 .7427 7.0966 5.98 5.98 0 0 0 .511 4.9107 6.051 6.051 0 0 0 6.5146 2.9001A5.9847 5.9847 0 0 0 13.2599 24a6.0557 6.0557 0 0 0 5.7718-4.2058 5.9894 5.9894 0 0 0 3.9977-2.9001 6.0557 6.0557 0 0 0-.7475-7.0729zm-9.022 12.6081a4.4755 4.4755 0 0 1-2.8764-1.0408l.1419-.0804 4.7783-2.7582a.7948.7948 0 0 0 .3927-.6813v-6.7369l2.02 1.1686a.071.071 0 0 1 .038.052v5.5826a4.504 4.504 0 0 1-4.4945 4.4944zm-9.6607-4.1254a4.4708 4.4708 0 0 1-.5346-3.0137l.142.0852 4.783 2.7582a.7712.7712 0 0 0 .7806 0l5.8428-3.3685v2.3324a.0804.0804 0 0 1-.0332.0615L9.74 19.9502a4.4992 4.4992 0 0 1-6.1408-1.6464zM2.3408 7.8956a4.485 4.485 0 0 1 2.3655-1.9728V11.6a.7664.7664 0 0 0 .3879.6765l5.8144 3.3543-2.0201 1.1685a.0757.0757 0 0 1-.071 0l-4.8303-2.7865A4.504 4.504 0 0 1 2.3408 7.872zm16.5963 3.8558L13.1038 8.364 15.1192 7.2a.0757.0757 0 0 1 .071 0l4.8303 2.7913a4.4944 4.4944 0 0 1-.6765 8.1042v-5.6772a.79.79 0 0 0-.407-.667zm2.0107-3.0231l-.142-.0852-4.7735-2.7818a.7759.7759 0 0 0-.7854 0L9.409 9.2297V6.8974a.0662.0662 0 0 1 .0284-.0615l4.8303-2.7866a4.4992 4.4992 0 0 1 6.6802 4.66zM8.3065 12.863l-2.02-1.1638a.0804.0804 0 0 1-.038-.0567V6.0742a4.4992 4.4992 0 0 1 7.3757-3.4537l-.142.0805L8.704 5.459a.7948.7948 0 0 0-.3927.6813zm1.0976-2.3654l2.602-1.4998 2.6069 1.4998v2.9994l-2.5974 1.4997-2.6067-1.4997Z';
const ANTHROPIC =
  'M17.3041 3.541h-3.6718l6.696 16.918H24Zm-10.6082 0L0 20.459h3.7442l1.3693-3.5527h7.0052l1.3693 3.5528h3.7442L10.5363 3.5409Zm-.3712 10.2232 2.2914-5.9456 2.2914 5.9456Z';
const GEMINI =
  'M11.04 19.32Q12 21.51 12 24q0-2.49.93-4.68.96-2.19 2.58-3.81t3.81-2.55Q21.51 12 24 12q-2.49 0-4.68-.93a12.3 12.3 0 0 1-3.81-2.58 12.3 12.3 0 0 1-2.58-3.81Q12 2.49 12 0q0 2.49-.96 4.68-.93 2.19-2.55 3.81a12.3 12.3 0 0 1-3.81 2.58Q2.49 12 0 12q2.49 0 4.68.96 2.19.93 3.81 2.55t2.55 3.81';
const AZURE =
  'M22.379 23.343a1.62 1.62 0 0 0 1.536-2.14v.002L17.35 1.76A1.62 1.62 0 0 0 15.816.657H8.184A1.62 1.62 0 0 0 6.65 1.76L.086 21.204a1.62 1.62 0 0 0 1.536 2.139h4.741a1.62 1.62 0 0 0 1.535-1.103l.977-2.892 4.947 3.675c.28.208.618.32.966.32m-3.084-12.531 3.624 10.739a.54.54 0 0 1-.51.713v-.001h-.03a.54.54 0 0 1-.322-.106l-9.287-6.9h4.853m6.313 7.006c.116-.326.13-.694.007-1.058L9.79 1.76a1.722 1.722 0 0 0-.007-.02h6.034a.54.54 0 0 1 .512.366l6.562 19.445a.54.54 0 0 1-.338.684';
const AWS_SMILE =
  'M21.698 16.207c-2.626 1.94-6.442 2.969-9.722 2.969-4.598 0-8.74-1.7-11.87-4.526-.247-.223-.024-.527.272-.351 3.384 1.963 7.559 3.153 11.877 3.153 2.914 0 6.114-.607 9.06-1.852.439-.2.814.287.383.607zM22.792 14.961c-.336-.43-2.22-.207-3.074-.103-.255.032-.295-.192-.063-.36 1.5-1.053 3.967-.75 4.254-.399.287.36-.08 2.826-1.485 4.007-.215.184-.423.088-.327-.151.32-.79 1.03-2.57.695-2.994z';

function Mark({ d, className }: { d: string; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden className={className}>
      <path d={d} />
    </svg>
  );
}

/** Badge colours per family: a brand tint that reads in light and dark alike. */
const BADGE: Record<EndpointFamily, string> = {
  openAI: 'bg-[#0d0d0d] text-white dark:bg-white dark:text-[#0d0d0d]',
  gptPlugins: 'bg-[#0d0d0d] text-white dark:bg-white dark:text-[#0d0d0d]',
  assistants: 'bg-[#0d0d0d] text-white dark:bg-white dark:text-[#0d0d0d]',
  azureOpenAI: 'bg-[#0078d4] text-white',
  azureAssistants: 'bg-[#0078d4] text-white',
  anthropic: 'bg-[#d97757] text-white',
  google: 'bg-gradient-to-br from-[#4285f4] via-[#9b72cb] to-[#d96570] text-white',
  bedrock: 'bg-[#232f3e] text-[#ff9900]',
  agents: 'bg-accent text-on-accent',
  custom: 'bg-surface-active text-fg-secondary',
};

function Glyph({ family, className }: { family: EndpointFamily; className: string }) {
  switch (family) {
    case 'openAI':
    case 'assistants':
      return <Mark d={OPENAI} className={className} />;
    case 'gptPlugins':
      return <Puzzle className={className} aria-hidden />;
    case 'azureOpenAI':
    case 'azureAssistants':
      return <Mark d={AZURE} className={className} />;
    case 'anthropic':
      return <Mark d={ANTHROPIC} className={className} />;
    case 'google':
      return <Mark d={GEMINI} className={className} />;
    case 'bedrock':
      return <Mark d={AWS_SMILE} className={cn(className, 'translate-y-[-12%] scale-110')} />;
    case 'agents':
      return <Bot className={className} aria-hidden />;
    case 'custom':
      return <Boxes className={className} aria-hidden />;
  }
}

/**
 * An endpoint's (or a model spec's) icon: the configured image when there is one, else the
 * family's mark on its brand colour. A broken image falls back to the mark.
 */
export function EndpointIcon({
  family,
  iconURL,
  size = 'md',
  className,
}: {
  family: EndpointFamily;
  iconURL?: string | null | undefined;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}) {
  const [failedURL, setFailedURL] = useState<string | null>(null);
  const box = size === 'sm' ? 'size-5 rounded-md' : size === 'lg' ? 'size-8 rounded-lg' : 'size-6 rounded-md';
  const glyph = size === 'sm' ? 'size-3' : size === 'lg' ? 'size-[18px]' : 'size-3.5';
  if (iconURL && failedURL !== iconURL && /^(https?:\/\/|\/|data:image\/)/.test(iconURL)) {
    return (
      <img
        src={iconURL}
        alt=""
        className={cn(box, 'shrink-0 bg-surface-tertiary object-cover', className)}
        onError={() => setFailedURL(iconURL)}
        data-testid="endpoint-icon-image"
      />
    );
  }
  return (
    <span
      className={cn(box, 'inline-flex shrink-0 items-center justify-center', BADGE[family], className)}
      data-family={family}
      aria-hidden
    >
      <Glyph family={family} className={glyph} />
    </span>
  );
}

/** A generic icon for a model spec without an image. */
export function SpecIconFallback({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex size-6 shrink-0 items-center justify-center rounded-md bg-accent-soft text-accent',
        className,
      )}
      aria-hidden
    >
      <Blocks className="size-3.5" />
    </span>
  );
}

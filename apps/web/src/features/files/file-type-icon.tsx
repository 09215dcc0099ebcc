import {
  File,
  FileArchive,
  FileCode2,
  FileImage,
  FileSpreadsheet,
  FileText,
  FileVideo,
  Presentation,
  type LucideIcon,
} from 'lucide-react';
import { cn } from '../../lib/cn';
import type { FileKind } from './file-kind';

const ICONS: Record<FileKind, { Icon: LucideIcon; tone: string }> = {
  image: { Icon: FileImage, tone: 'bg-violet-500' },
  video: { Icon: FileVideo, tone: 'bg-[#db2777]' },
  pdf: { Icon: FileText, tone: 'bg-[#e5484d]' },
  document: { Icon: FileText, tone: 'bg-[#3b82f6]' },
  spreadsheet: { Icon: FileSpreadsheet, tone: 'bg-[#10a37f]' },
  slides: { Icon: Presentation, tone: 'bg-[#f97316]' },
  code: { Icon: FileCode2, tone: 'bg-[#6366f1]' },
  text: { Icon: FileText, tone: 'bg-[#64748b]' },
  archive: { Icon: FileArchive, tone: 'bg-[#a16207]' },
  file: { Icon: File, tone: 'bg-[#64748b]' },
};

/** A file's kind as a small coloured square with its icon, like a document's tab colour. */
export function FileTypeIcon({ kind, className }: { kind: FileKind; className?: string }) {
  const { Icon, tone } = ICONS[kind];
  return (
    <span
      aria-hidden
      className={cn('flex size-10 shrink-0 items-center justify-center rounded-lg text-white', tone, className)}
    >
      <Icon className="size-5" strokeWidth={1.75} />
    </span>
  );
}

import { isSafeInlineImage, type FileRecord } from '@confab/shared';
import { thumbnailPath, useAuthedImage } from '../authed-images';
import type { FileKind } from '../file-kind';
import { FileTypeIcon } from '../file-type-icon';

/** A row's picture: an image's thumbnail, or the kind's icon. */
export function FileThumb({ file, kind }: { file: FileRecord; kind: FileKind }) {
  const isImage = isSafeInlineImage(file.type) && file.filepath.startsWith('/images/');
  const { src } = useAuthedImage(isImage ? thumbnailPath(file.filepath) : null);
  if (!isImage) return <FileTypeIcon kind={kind} className="size-8 rounded-md [&_svg]:size-4" />;
  return (
    <span className="block size-8 shrink-0 overflow-hidden rounded-md border border-line bg-surface-tertiary">
      {src ? <img src={src} alt="" className="size-full object-cover" /> : null}
    </span>
  );
}

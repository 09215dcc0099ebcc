import { Link2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { MessageActionButton } from '../../chat/messages/message-action-button';
import { readVideoUrl } from '../video/video-url';
import { memeVideoFileId } from './meme-alt-text-of';
import { MemeLinkActions } from './meme-link-actions';

/**
 * A meme video's "Share meme" action (issue 39): a small dialog with its alt text and its public
 * link. Only for the owner's own rendered video (its URL names the stored file).
 */
export function MemeVideoShare({ output, altText }: { output: string | undefined; altText: string }) {
  const { t } = useTranslation('meme-links');
  const [isOpen, setIsOpen] = useState(false);
  const fileId = memeVideoFileId(readVideoUrl(output));
  if (!fileId) return null;
  return (
    <>
      <MessageActionButton label={t('share')} onClick={() => setIsOpen(true)} testId="meme-video-share">
        <Link2 />
      </MessageActionButton>
      <Dialog open={isOpen} onOpenChange={setIsOpen}>
        {isOpen ? (
          <DialogContent title={t('share_title')} className="max-w-md" data-testid="meme-video-share-dialog">
            <div className="px-6 pb-6">
              <MemeLinkActions fileId={fileId} altText={altText} />
            </div>
          </DialogContent>
        ) : null}
      </Dialog>
    </>
  );
}

import { useEffect } from 'react';
import { queueFileDeletion } from '../../files/file-queries';
import { leftoverTempFiles } from './file-drafts';

let hasRun = false;

/**
 * SPEC 4: leftover temporary files from browser storage are deleted on load: uploaded for a
 * message never sent, whose draft is gone (discarded, or drafts turned off), they can no longer
 * be sent. Once per page load.
 */
export function useDeleteLeftoverFiles(): void {
  useEffect(() => {
    if (hasRun) return;
    hasRun = true;
    const leftovers = leftoverTempFiles();
    if (leftovers.length) queueFileDeletion(leftovers);
  }, []);
}

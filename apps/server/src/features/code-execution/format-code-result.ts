import type { CodeRunResult } from './code-runner.js';

/** The phrases of LibreChat's code tool (@librechat/agents CodeExecutor), which its UI and models know. */
const EMPTY_OUTPUT = "stdout: Empty. Ensure you're writing output explicitly.\n";
const IMAGE_NOTE = 'Image is already displayed to the user';
const FILE_NOTE = 'File is already downloaded by the user';
const IMAGE_NAME = /\.(jpg|jpeg|png|gif|webp)$/i;
const ACCESS_NOTE =
  'Note: Files from earlier runs in this conversation are in /mnt/data; save changes to new file names.';

/**
 * A run as LibreChat's execute_code answers it: stdout, stderr, then the files it made. A run a
 * limit or an abort stopped says so, so the user and the model know why the output ends there.
 */
export function formatCodeResult(
  run: Pick<CodeRunResult, 'stdout' | 'stderr' | 'killedBy' | 'aborted' | 'exitCode'>,
  files: readonly { name: string }[],
): string {
  let text = run.stdout ? `stdout:\n${run.stdout}\n` : EMPTY_OUTPUT;
  if (run.stderr) text += `stderr:\n${run.stderr}\n`;
  if (run.killedBy) text += `Stopped: the run went over its ${run.killedBy} limit.\n`;
  else if (run.aborted) text += 'Stopped: the run was cancelled.\n';
  if (files.length > 0) {
    const list = files.map(
      (file) => `- /mnt/data/${file.name} | ${IMAGE_NAME.test(file.name) ? IMAGE_NOTE : FILE_NOTE}`,
    );
    text += `Generated files:\n${list.join(files.length <= 3 ? ', ' : ',\n')}\n\n${ACCESS_NOTE}`;
  }
  return text.trim();
}

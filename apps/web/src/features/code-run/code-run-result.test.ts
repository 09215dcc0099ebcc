import { describe, expect, it } from 'vitest';
import {
  codeRunKey,
  groupCodeRuns,
  isAttachmentExpired,
  outputText,
  parseCodeRunResult,
  splitAttachments,
} from './code-run-result';

describe('parseCodeRunResult', () => {
  it('reads stdout, stderr, the stop line, and drops the generated files list', () => {
    const result = [
      'stdout:',
      'mean 2.5',
      'rows 4',
      '',
      'stderr:',
      'Traceback (most recent call last):',
      'MemoryError',
      '',
      'Stopped: the run went over its memory limit.',
      'Generated files:',
      '- /mnt/data/plot.png | Image is already displayed to the user',
    ].join('\n');
    expect(parseCodeRunResult(result)).toEqual({
      stdout: 'mean 2.5\nrows 4',
      stderr: 'Traceback (most recent call last):\nMemoryError',
      stop: { text: 'Stopped: the run went over its memory limit.', limit: 'memory' },
      error: null,
    });
  });

  it('reads an empty stdout as nothing printed', () => {
    expect(parseCodeRunResult("stdout: Empty. Ensure you're writing output explicitly.\nstderr:\nboom\n")).toEqual({
      stdout: '',
      stderr: 'boom',
      stop: null,
      error: null,
    });
    expect(parseCodeRunResult("stdout: Empty. Ensure you're writing output explicitly.")).toMatchObject({ stdout: '' });
  });

  it('keeps indentation and blank lines inside the output', () => {
    expect(parseCodeRunResult('stdout:\n  a\n\n  b\n').stdout).toBe('  a\n\n  b');
  });

  it('names the limit of a stop line, and keeps other stop lines as they are', () => {
    expect(parseCodeRunResult('stdout:\nx\nStopped: the run went over its wall time limit.').stop?.limit).toBe(
      'wall time',
    );
    expect(parseCodeRunResult('stdout:\nx\nStopped: the run was cancelled.').stop).toEqual({
      text: 'Stopped: the run was cancelled.',
      limit: null,
    });
  });

  it('reads a tool failure as an error, and plain text as stdout', () => {
    expect(parseCodeRunResult('Error processing tool execute_code: no sandbox').error).toBe('no sandbox');
    expect(parseCodeRunResult('just text').stdout).toBe('just text');
    expect(parseCodeRunResult(undefined).stdout).toBe('');
  });

  it('copies the output with errors after', () => {
    expect(outputText(parseCodeRunResult('stdout:\nhi\nstderr:\nwarn\n'))).toBe('hi\nwarn');
  });
});

describe('attachments', () => {
  const now = Date.parse('2025-01-01T12:00:00Z');
  it('is expired after expiresAt or when the server says so', () => {
    expect(isAttachmentExpired({ file_id: 'a', expiresAt: '2025-01-01T11:59:59Z' }, now)).toBe(true);
    expect(isAttachmentExpired({ file_id: 'a', expiresAt: '2025-01-01T12:30:00Z' }, now)).toBe(false);
    expect(isAttachmentExpired({ file_id: 'a', expiresAt: now - 1 }, now)).toBe(true);
    expect(isAttachmentExpired({ file_id: 'a', status: 'expired' }, now)).toBe(true);
    expect(isAttachmentExpired({ file_id: 'a' }, now)).toBe(false);
  });

  it('shows stored raster images inline and offers everything else as a download', () => {
    const png = { file_id: 'p', filepath: '/images/u/p', type: 'image/png' };
    const svg = { file_id: 's', filepath: '/images/u/s', type: 'image/svg+xml' };
    const csv = { file_id: 'c', filepath: '/api/files/download/u/c', type: 'text/csv' };
    expect(splitAttachments([png, svg, csv])).toEqual({ images: [png], others: [svg, csv] });
  });
});

describe('groupCodeRuns', () => {
  it('keys runs per message, part and block, oldest first, execute_code only', () => {
    const runs = groupCodeRuns([
      { messageId: 'm', partIndex: 0, blockIndex: 1, toolId: 'execute_code', result: 'one' },
      { messageId: 'm', blockIndex: 1, toolId: 'execute_code', result: 'two' },
      { messageId: 'm', toolId: 'web_search', result: 'other' },
    ]);
    expect([...runs.keys()]).toEqual(['m_0_1_execute_code']);
    expect(runs.get(codeRunKey({ messageId: 'm', partIndex: 0, blockIndex: 1 }))?.map((r) => r.result)).toEqual([
      'one',
      'two',
    ]);
  });
});

// Placeholder: the server's captioned 1080×1920 JPEG render (issue 21), built by its own part.
export async function runMemeImageBench(): Promise<{ rows: Record<string, unknown>[] }> {
  return { rows: [] };
}
